package io.workbench.fuzz.diff;

import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.Printable;
import io.workbench.fuzz.StreamOutcome;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Holds what iocore understood of a request stream against what each peer understood: request by
 * request, the method, the target, the version, each header field in order (names compared
 * case-insensitively, RFC 9110 section 5.1), the body, each trailer field, and where the request
 * ended (where the peer says); then who accepted what the other refused, and who waited for bytes
 * the other did not. Every part that differs is a discrepancy of its own, and the comparison goes
 * on after it, through the rest of the request and every request after: a known difference
 * excuses the one part it is about (one field's value, say), never the rest of the message or of
 * the stream. Only iocore is held against the peers; where iocore refused, the peers are not
 * compared with each other (the workbench answers for iocore's parser, not theirs).
 */
public final class Differential {

    private Differential() {
    }

    /** @return every way the peer parted from iocore on the stream, in the order of the stream */
    public static List<Discrepancy> compare(StreamOutcome iocore, String peerName, StreamOutcome peer) {
        return compare(new byte[0], iocore, peerName, peer);
    }

    /** The same, with the stream: each discrepancy's detail starts with it, and its comparison holds it. */
    public static List<Discrepancy> compare(byte[] stream, StreamOutcome iocore, String peerName, StreamOutcome peer) {
        Comparison on = new Comparison(stream, iocore, peer);
        String shown = stream.length == 0 ? "" : "stream: " + Printable.of(new String(stream, StandardCharsets.ISO_8859_1), 4096) + "\n";
        List<Discrepancy> found = new ArrayList<>();
        int common = Math.min(iocore.messages().size(), peer.messages().size());
        for (int i = 0; i < common; i++) {
            ParsedMessage a = iocore.messages().get(i);
            ParsedMessage b = peer.messages().get(i);
            for (String part : differences(a, b)) {
                found.add(new Discrepancy(peerName, Discrepancy.Kind.DISAGREE, i, part, shown + "iocore: " + a + "\n" + peerName + ": " + b, on));
            }
        }
        String detail = shown + "iocore:" + iocore + "\n" + peerName + ":" + peer;
        if (iocore.messages().size() > common) {
            // iocore accepted request #common; the peer did not.
            switch (peer.ending()) {
                case REFUSED -> found.add(new Discrepancy(peerName, Discrepancy.Kind.PEER_REFUSED, common, peer.reason(), detail, on));
                case TRUNCATED, PARTIAL -> found.add(new Discrepancy(peerName, Discrepancy.Kind.ENDS_DIFFER, common, "the peer waited for more", detail, on));
                case CLEAN -> found.add(new Discrepancy(peerName, Discrepancy.Kind.IGNORED_BYTES, common, "the peer ignored a request iocore accepted", detail, on));
            }
        } else if (peer.messages().size() > common) {
            switch (iocore.ending()) {
                case REFUSED -> found.add(new Discrepancy(peerName, Discrepancy.Kind.IOCORE_REFUSED, common, iocore.reason(), detail, on));
                case TRUNCATED, PARTIAL -> found.add(new Discrepancy(peerName, Discrepancy.Kind.ENDS_DIFFER, common, "iocore waited for more", detail, on));
                case CLEAN -> found.add(new Discrepancy(peerName, Discrepancy.Kind.IGNORED_BYTES, common, "iocore ignored a request the peer accepted", detail, on));
            }
        } else if (iocore.ending() != peer.ending()) {
            // The same requests; then one refused, or waited for, bytes the other ignored (or refused the other way).
            StreamOutcome.Ending a = iocore.ending();
            StreamOutcome.Ending b = peer.ending();
            boolean iocoreStopped = a == StreamOutcome.Ending.REFUSED || a == StreamOutcome.Ending.TRUNCATED;
            boolean peerStopped = b == StreamOutcome.Ending.REFUSED || b == StreamOutcome.Ending.TRUNCATED;
            if (iocoreStopped && peerStopped) {
                return found; // both refused what followed, one as truncated: the same verdict
            }
            String reason = a == StreamOutcome.Ending.REFUSED ? "iocore refused: " + iocore.reason()
                    : b == StreamOutcome.Ending.REFUSED ? "the peer refused: " + peer.reason()
                    : a == StreamOutcome.Ending.TRUNCATED ? "iocore found a truncated request" : "the peer found a truncated request";
            found.add(new Discrepancy(peerName, Discrepancy.Kind.IGNORED_BYTES, common, reason, detail, on));
        }
        return found;
    }

    /** @return every part two accepted requests differ in, one reason each; empty if they are the same request */
    static List<String> differences(ParsedMessage a, ParsedMessage b) {
        List<String> parts = new ArrayList<>();
        if (!Objects.equals(a.method(), b.method())) {
            parts.add("method");
        }
        if (!Objects.equals(a.target(), b.target())) {
            parts.add("target");
        }
        if (!Objects.equals(a.version(), b.version())) {
            parts.add("version");
        }
        fields("fields", "field", a.normalizedFields(), b.normalizedFields(), parts);
        if (!a.body().equals(b.body())) {
            parts.add("body: " + a.body().length() + " bytes against " + b.body().length() + " ('" + Printable.of(a.body(), 32) + "' / '"
                    + Printable.of(b.body(), 32) + "')");
        }
        fields("trailers", "trailer", a.normalizedTrailers(), b.normalizedTrailers(), parts);
        if (a.end() >= 0 && b.end() >= 0 && a.end() != b.end()) {
            parts.add("end: " + a.end() + " against " + b.end());
        }
        return parts;
    }

    /**
     * Field by field when both have as many (each that differs a part of its own, so that a known
     * difference about one field's value excuses only it); the whole list when they do not.
     */
    private static void fields(String what, String one, List<ParsedMessage.Field> x, List<ParsedMessage.Field> y, List<String> parts) {
        if (x.size() != y.size()) {
            parts.add(what + ": iocore has " + x.size() + " where the peer has " + y.size() + ": " + x + " / " + y);
            return;
        }
        for (int i = 0; i < x.size(); i++) {
            if (!x.get(i).equals(y.get(i))) {
                parts.add(what + ": iocore has '" + x.get(i) + "' where the peer has '" + y.get(i) + "' (" + one + " #" + i + ")");
            }
        }
    }
}
