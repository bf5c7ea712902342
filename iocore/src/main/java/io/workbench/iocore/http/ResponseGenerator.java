package io.workbench.iocore.http;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Writes responses: the head into a buffer, then the framing of the content (see
 * {@link MessageGenerator}). One per connection, {@link #reset()} between responses.
 *
 * <p>The head is a few bulk copies of pre-encoded bytes: the status line, the shared
 * {@code Date} line, the handler's fields, {@code Content-Length} with its digits written in
 * place, {@code Connection} when needed, CRLF. The hello response is
 * <pre>
 * HTTP/1.1 200 OK\r\n
 * Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n
 * Content-Type: text/plain\r\n
 * Content-Length: 5\r\n
 * \r\n
 * </pre>
 * followed by the 5 bytes of content in the same gather write.
 *
 * <p>The generator owns framing and persistence, so the fields must not hold Content-Length,
 * Transfer-Encoding or Connection: it writes Content-Length when the length is known (also to
 * HEAD), chunked when it is not and the client speaks HTTP/1.1, and otherwise delimits the
 * content by closing the connection; {@code Connection: close} when the connection will close,
 * {@code Connection: keep-alive} when an HTTP/1.0 client's connection stays open. A 1xx, 204 or
 * 304 response has no content and no framing fields.
 */
public final class ResponseGenerator extends MessageGenerator {

    private static final HttpHeader[] OWNED = {HttpHeader.CONTENT_LENGTH, HttpHeader.TRANSFER_ENCODING, HttpHeader.CONNECTION};

    /** The wall clock for the Date field, or null to send none. */
    private final LongSupplier clock;

    /** A generator that sends the Date field, as RFC 9110 asks of an origin server with a clock. */
    public ResponseGenerator() {
        this(true);
    }

    /** @param sendDate whether responses carry the Date field (a test or a benchmark may want them byte-identical) */
    public ResponseGenerator(boolean sendDate) {
        this(sendDate ? System::currentTimeMillis : null);
    }

    ResponseGenerator(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * Writes the status line and header section of a response.
     *
     * @param out            where the head goes; on {@link BufferOverflowException} nothing is
     *                       written (the position is restored) and the generator is unchanged
     * @param requestMethod  the method of the request answered: a response to HEAD has no content
     * @param requestVersion the version of the request answered: an HTTP/1.0 client cannot read chunked content
     * @param status         the status code, in [100, 599]
     * @param fields         the handler's fields (may be null); not Content-Length, Transfer-Encoding or Connection
     * @param contentLength  the length of the content, or -1 if unknown (then chunked, or until close for HTTP/1.0)
     * @param persistent     whether the connection should stay open after this response
     */
    public void writeHead(ByteBuffer out, HttpMethod requestMethod, HttpVersion requestVersion, int status,
                          HttpFields fields, long contentLength, boolean persistent) {
        requireIdle();
        Objects.requireNonNull(requestMethod, "requestMethod");
        Objects.requireNonNull(requestVersion, "requestVersion");
        byte[] statusLine = HttpStatus.statusLine(status);
        if (contentLength < -1) {
            throw new IllegalArgumentException("contentLength must be >= 0, or -1 when unknown; was " + contentLength);
        }
        if (fields != null) {
            checkNoFramingFields(fields, OWNED);
        }
        boolean interim = status < 200;
        boolean head = requestMethod == HttpMethod.HEAD;
        BodyFraming framing;
        boolean keep = persistent;
        if (HttpStatus.hasNoContent(status)) {
            if (contentLength > 0) {
                throw new IllegalArgumentException("a " + status + " response has no content, but contentLength is " + contentLength);
            }
            framing = BodyFraming.NONE;
        } else if (contentLength >= 0) {
            framing = BodyFraming.CONTENT_LENGTH;
        } else if (head) {
            framing = BodyFraming.NONE;
        } else if (requestVersion == HttpVersion.HTTP_1_1) {
            framing = BodyFraming.CHUNKED;
        } else {
            framing = BodyFraming.UNTIL_CLOSE;
            keep = false;
        }

        int mark = out.position();
        try {
            out.put(statusLine);
            if (clock != null && !interim) {
                out.put(HttpDate.line(clock.getAsLong()));
            }
            putFieldsAndFraming(out, fields, framing, contentLength);
            if (!interim) {
                if (!keep) {
                    out.put(CLOSE_LINE);
                } else if (requestVersion == HttpVersion.HTTP_1_0) {
                    out.put(KEEP_ALIVE_LINE);
                }
            }
            out.put(CRLF);
        } catch (BufferOverflowException x) {
            out.position(mark);
            throw x;
        }
        // What goes on the wire after a HEAD response's head is nothing, whatever the head announced.
        headWritten(head ? BodyFraming.NONE : framing, framing == BodyFraming.CONTENT_LENGTH ? contentLength : -1, keep, head);
    }
}
