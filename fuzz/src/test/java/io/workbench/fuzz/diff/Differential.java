package io.workbench.fuzz.diff;

import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.Printable;
import io.workbench.fuzz.StreamOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Holds what iocore understood of a request stream against what each peer understood: request by
 * request, the method, the target, the version, the header fields in order (names compared
 * case-insensitively, RFC 9110 section 5.1), the body, and where the request ended (where the peer
 * says); then who accepted what the other refused, and who waited for bytes the other did not.
 * Only iocore is held against the peers; where iocore refused, the peers are not compared with
 * each other (the workbench answers for iocore's parser, not theirs).
 */
public final class Differential {

    private Differential() {
    }

    /** @return every way the peer parted from iocore on the stream: at most one, at the first request they part on */
    public static List<Discrepancy> compare(StreamOutcome iocore, String peerName, StreamOutcome peer) {
        return compare(null, iocore, peerName, peer);
    }

    /** The same; the detail of a discrepancy starts with the stream, so that a known difference can be narrowed to streams of a shape. */
    public static List<Discrepancy> compare(byte[] stream, StreamOutcome iocore, String peerName, StreamOutcome peer) {
        String shown = stream == null ? "" : "stream: " + Printable.of(new String(stream, java.nio.charset.StandardCharsets.ISO_8859_1), 4096) + "\n";
        List<Discrepancy> found = new ArrayList<>();
        int common = Math.min(iocore.messages().size(), peer.messages().size());
        for (int i = 0; i < common; i++) {
            String differs = differs(iocore.messages().get(i), peer.messages().get(i));
            if (differs != null) {
                found.add(new Discrepancy(peerName, Discrepancy.Kind.DISAGREE, i, differs,
                        shown + "iocore: " + iocore.messages().get(i) + "\n" + peerName + ": " + peer.messages().get(i)));
                return found;
            }
        }
        String detail = shown + "iocore:" + iocore + "\n" + peerName + ":" + peer;
        if (iocore.messages().size() > common) {
            // iocore accepted request #common; the peer did not.
            switch (peer.ending()) {
                case REFUSED -> found.add(new Discrepancy(peerName, Discrepancy.Kind.PEER_REFUSED, common, peer.reason(), detail));
                case TRUNCATED, PARTIAL -> found.add(new Discrepancy(peerName, Discrepancy.Kind.ENDS_DIFFER, common, "the peer waited for more", detail));
                case CLEAN -> found.add(new Discrepancy(peerName, Discrepancy.Kind.IGNORED_BYTES, common, "the peer ignored a request iocore accepted", detail));
            }
        } else if (peer.messages().size() > common) {
            switch (iocore.ending()) {
                case REFUSED -> found.add(new Discrepancy(peerName, Discrepancy.Kind.IOCORE_REFUSED, common, iocore.reason(), detail));
                case TRUNCATED, PARTIAL -> found.add(new Discrepancy(peerName, Discrepancy.Kind.ENDS_DIFFER, common, "iocore waited for more", detail));
                case CLEAN -> found.add(new Discrepancy(peerName, Discrepancy.Kind.IGNORED_BYTES, common, "iocore ignored a request the peer accepted", detail));
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
            found.add(new Discrepancy(peerName, Discrepancy.Kind.IGNORED_BYTES, common, reason, detail));
        }
        return found;
    }

    /** @return the first part two accepted requests differ in, or null if they are the same request */
    static String differs(ParsedMessage a, ParsedMessage b) {
        if (!Objects.equals(a.method(), b.method())) {
            return "method";
        }
        if (!Objects.equals(a.target(), b.target())) {
            return "target";
        }
        if (!Objects.equals(a.version(), b.version())) {
            return "version";
        }
        if (!a.normalizedFields().equals(b.normalizedFields())) {
            List<ParsedMessage.Field> x = a.normalizedFields();
            List<ParsedMessage.Field> y = b.normalizedFields();
            for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
                ParsedMessage.Field fx = i < x.size() ? x.get(i) : null;
                ParsedMessage.Field fy = i < y.size() ? y.get(i) : null;
                if (!Objects.equals(fx, fy)) {
                    return "fields: iocore has " + (fx == null ? "no field" : "'" + fx + "'") + " where the peer has " + (fy == null ? "no field" : "'" + fy + "'")
                            + " (field #" + i + ")";
                }
            }
        }
        if (!a.body().equals(b.body())) {
            return "body: " + a.body().length() + " bytes against " + b.body().length() + " ('" + Printable.of(a.body(), 32) + "' / '" + Printable.of(b.body(), 32) + "')";
        }
        if (a.end() >= 0 && b.end() >= 0 && a.end() != b.end()) {
            return "end: " + a.end() + " against " + b.end();
        }
        return null;
    }
}
