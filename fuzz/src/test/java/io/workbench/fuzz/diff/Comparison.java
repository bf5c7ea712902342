package io.workbench.fuzz.diff;

import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.StreamOutcome;
import java.nio.charset.StandardCharsets;

/**
 * A request stream and what iocore and one peer made of it: what a known difference reads to tell
 * whether it applies to a discrepancy, always about the request the discrepancy is on, found where
 * iocore found it. Request {@code k} starts where iocore's request {@code k - 1} ended (at 0 for
 * the first); it ends where iocore's request {@code k} ended, or, if iocore did not accept it, at
 * the end of the stream.
 *
 * @param stream the bytes every parser read, whole, before the end of the input
 * @param iocore what iocore made of them
 * @param peer   what the peer made of them
 */
public record Comparison(byte[] stream, StreamOutcome iocore, StreamOutcome peer) {

    /** @return where request {@code k} starts in the stream: where iocore's request before it ended */
    public int start(int k) {
        return k == 0 ? 0 : (int) iocore.messages().get(k - 1).end();
    }

    /** @return where request {@code k} ends: iocore's end of it, or the end of the stream if iocore did not accept it */
    public int end(int k) {
        return k < iocore.messages().size() ? (int) iocore.messages().get(k).end() : stream.length;
    }

    /** @return where request {@code k}'s request line starts: after the empty lines (CRLF) before it, which a server ignores */
    public int requestLineStart(int k) {
        int at = start(k);
        while (at + 1 < stream.length && stream[at] == '\r' && stream[at + 1] == '\n') {
            at += 2;
        }
        return at;
    }

    /** @return request {@code k}'s request line, from its start to the first CR or LF (or the end of the stream) */
    public String requestLine(int k) {
        int from = requestLineStart(k);
        int to = from;
        while (to < stream.length && stream[to] != '\r' && stream[to] != '\n') {
            to++;
        }
        return text(from, to);
    }

    /** @return where request {@code k}'s header section ends, just after its empty line (the first CRLF CRLF), or -1 if it has none */
    public int headEnd(int k) {
        for (int i = requestLineStart(k); i + 3 < stream.length; i++) {
            if (stream[i] == '\r' && stream[i + 1] == '\n' && stream[i + 2] == '\r' && stream[i + 3] == '\n') {
                return i + 4;
            }
        }
        return -1;
    }

    /** @return request {@code k}'s head, from its start to the end of its header section (or of the stream) */
    public String head(int k) {
        int end = headEnd(k);
        return text(start(k), end < 0 ? stream.length : end);
    }

    /** @return request {@code k}'s chunked body read as RFC 9112 section 7.1 says, from the end of its head; null if it has no head */
    public ChunkedBody chunkedBody(int k) {
        int end = headEnd(k);
        return end < 0 ? null : ChunkedBody.read(stream, end);
    }

    /**
     * @return where request {@code k}'s trailer section starts: just after its chunked body's last
     *         chunk line, read as {@link ChunkedBody} reads it; -1 if the reading never got there
     */
    public int trailerSectionStart(int k) {
        ChunkedBody body = chunkedBody(k);
        if (body == null || body.lines().isEmpty() || body.lines().getLast().size().signum() != 0) {
            return -1;
        }
        for (int i = body.lines().getLast().offset(); i < stream.length; i++) {
            if (stream[i] == '\n') {
                return i + 1;
            }
        }
        return -1;
    }

    /** @return the request iocore accepted at {@code k}, or null */
    public ParsedMessage iocoreMessage(int k) {
        return k < iocore.messages().size() ? iocore.messages().get(k) : null;
    }

    /** @return the request the peer accepted at {@code k}, or null */
    public ParsedMessage peerMessage(int k) {
        return k < peer.messages().size() ? peer.messages().get(k) : null;
    }

    /** @return the bytes {@code [from, to)} of the stream, one char per byte */
    public String text(int from, int to) {
        return new String(stream, from, Math.max(0, to - from), StandardCharsets.ISO_8859_1);
    }
}
