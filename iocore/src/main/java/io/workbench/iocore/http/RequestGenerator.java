package io.workbench.iocore.http;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Writes HTTP/1.1 requests, as a client sends them: the head into a buffer, then the framing of
 * the content (see {@link MessageGenerator}). One per connection, {@link #reset()} between
 * requests.
 *
 * <p>{@code GET /hello HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n} is what wrk sends and what this
 * writes for a GET without fields. The generator owns Host, framing and persistence, so the fields
 * must not hold Host, Content-Length, Transfer-Encoding or Connection: it writes Content-Length
 * when the length is known and non-zero (or the method is one that carries content, POST, PUT or
 * PATCH, even when zero), chunked when the length is unknown, {@code Connection: close} when the
 * client will close after the response.
 */
public final class RequestGenerator extends MessageGenerator {

    private static final HttpHeader[] OWNED = {HttpHeader.HOST, HttpHeader.CONTENT_LENGTH, HttpHeader.TRANSFER_ENCODING, HttpHeader.CONNECTION};
    private static final byte[] VERSION_LINE_END = " HTTP/1.1\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /**
     * Writes the request line and header section of a request.
     *
     * @param out           where the head goes; on {@link BufferOverflowException} nothing is
     *                      written (the position is restored) and the generator is unchanged
     * @param target        the request-target, e.g. {@code /hello?wait=10}: URI characters only
     * @param host          the Host field value, e.g. {@code 127.0.0.1:8080} (may be empty, never null)
     * @param fields        further fields (may be null); not Host, Content-Length, Transfer-Encoding or Connection
     * @param contentLength the length of the content, or -1 if unknown (then chunked)
     * @param persistent    false to ask the server to close the connection after its response
     */
    public void writeHead(ByteBuffer out, HttpMethod method, String target, String host, HttpFields fields,
                          long contentLength, boolean persistent) {
        requireIdle();
        Objects.requireNonNull(method, "method");
        checkChars("target", target, HttpTokens.TARGET);
        if (target.isEmpty()) {
            throw new IllegalArgumentException("the request target must not be empty");
        }
        checkChars("host", host, HttpTokens.HOST);
        if (contentLength < -1) {
            throw new IllegalArgumentException("contentLength must be >= 0, or -1 when unknown; was " + contentLength);
        }
        if (fields != null) {
            checkNoFramingFields(fields, OWNED);
        }
        BodyFraming framing;
        if (contentLength < 0) {
            framing = BodyFraming.CHUNKED;
        } else if (contentLength > 0 || method.expectsContent()) {
            framing = BodyFraming.CONTENT_LENGTH;
        } else {
            framing = BodyFraming.NONE;
        }

        int mark = out.position();
        try {
            out.put(method.bytes()).put(HttpTokens.SP);
            putAscii(out, target);
            out.put(VERSION_LINE_END);
            out.put(HttpHeader.HOST.linePrefix());
            putAscii(out, host);
            out.put(CRLF);
            putFieldsAndFraming(out, fields, framing, contentLength);
            if (!persistent) {
                out.put(CLOSE_LINE);
            }
            out.put(CRLF);
        } catch (BufferOverflowException x) {
            out.position(mark);
            throw x;
        }
        headWritten(framing, framing == BodyFraming.CONTENT_LENGTH ? contentLength : -1, persistent, false);
    }

    private static void checkChars(String what, String text, int allowed) {
        Objects.requireNonNull(text, what);
        for (int i = 0; i < text.length(); i++) {
            if (!HttpTokens.is(text.charAt(i), allowed)) {
                throw new IllegalArgumentException("invalid character U+" + String.format("%04X", (int) text.charAt(i))
                        + " in the " + what + " '" + text + "'");
            }
        }
    }

    private static void putAscii(ByteBuffer out, String text) {
        if (out.remaining() < text.length()) {
            throw new BufferOverflowException();
        }
        for (int i = 0; i < text.length(); i++) {
            out.put((byte) text.charAt(i));
        }
    }
}
