package io.workbench.targets.hello;

import io.workbench.iocore.hello.HelloProtocol;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A complete response of the hello contract: status, content type, the {@code Content-Length} it
 * declares, the body bytes to write and, for a 405, the {@code Allow} field. Servers turn it into
 * their own response object; {@link #isHello()} lets them send a pre-encoded copy of the one reply
 * that is on the hot path.
 *
 * <p>The declared length and the written body are one number except in the answer to a
 * {@code HEAD} ({@link #headOnly()}): the same head as the {@code GET} would get, {@code Content-Length}
 * included (RFC 9110 section 9.3.2), and no body bytes at all, so a server never has to drop them.
 */
public final class Reply {

    private static final byte[] NO_BODY = new byte[0];

    /** {@code 200 text/plain hello}: the answer to {@code GET /hello}. */
    public static final Reply HELLO = new Reply(200, HelloProtocol.HELLO_CONTENT_TYPE, HelloProtocol.helloBody(), null);
    /** The answer to {@code HEAD /hello}: {@link #HELLO}'s head, {@code Content-Length: 5} and no body. */
    public static final Reply HELLO_HEAD = HELLO.headOnly();
    /** {@code 404}: a path the contract does not know, whatever the method. */
    public static final Reply NOT_FOUND = text(404, "not found");
    /**
     * {@code 405} with {@code Allow: GET, HEAD}: a method other than those on a path the contract
     * knows (RFC 9110 section 15.5.6: the resource exists, the method is not one it takes).
     */
    public static final Reply METHOD_NOT_ALLOWED = new Reply(405, HelloProtocol.HELLO_CONTENT_TYPE,
            ("method not allowed: " + HelloProtocol.HELLO_PATH + ", " + HelloProtocol.STATS_PATH + " and " + StreamBody.PATH
                    + " take " + HelloProtocol.ALLOWED_METHODS).getBytes(StandardCharsets.US_ASCII),
            HelloProtocol.ALLOWED_METHODS);

    /**
     * {@code 405} with {@code Allow: GET} for {@code /trace}: only a {@code GET} drains the records
     * (a {@code HEAD} would drain them and send none).
     */
    public static final Reply TRACE_METHOD_NOT_ALLOWED = new Reply(405, HelloProtocol.HELLO_CONTENT_TYPE,
            "method not allowed: /trace takes GET".getBytes(StandardCharsets.US_ASCII), "GET");

    private final int status;
    private final String contentType;
    private final long contentLength;
    private final byte[] body;
    private final String allow;

    private Reply(int status, String contentType, byte[] body, String allow) {
        this(status, contentType, body.length, body, allow);
    }

    private Reply(int status, String contentType, long contentLength, byte[] body, String allow) {
        this.status = status;
        this.contentType = contentType;
        this.contentLength = contentLength;
        this.body = body;
        this.allow = allow;
    }

    /** {@code 200 application/json} with the counters of {@code /stats}. */
    public static Reply stats(String json) {
        return new Reply(200, HelloProtocol.STATS_CONTENT_TYPE, json.getBytes(StandardCharsets.UTF_8), null);
    }

    /** {@code 200} with {@code body} (not copied) as {@code contentType}: e.g. {@code /trace}'s records. */
    public static Reply ok(String contentType, byte[] body) {
        return new Reply(200, contentType, body, null);
    }

    /** A plain-text error, the reason as the body (e.g. {@code 400} for a bad {@code wait}). */
    public static Reply text(int status, String reason) {
        return new Reply(status, HelloProtocol.HELLO_CONTENT_TYPE, reason.getBytes(StandardCharsets.UTF_8), null);
    }

    /**
     * The head of a response whose body is not written here: status, type and a
     * {@code Content-Length} of {@code contentLength}, and no body bytes. The answer to
     * {@code HEAD /stream?bytes=N}, whose N bytes are never generated.
     */
    public static Reply headOf(int status, String contentType, long contentLength) {
        if (contentLength < 0) {
            throw new IllegalArgumentException("contentLength must be >= 0, was " + contentLength);
        }
        return new Reply(status, contentType, contentLength, NO_BODY, null);
    }

    /** @return this reply's head without its body: the answer to the same request made with {@code HEAD} */
    public Reply headOnly() {
        if (body.length == 0) {
            return this;
        }
        return new Reply(status, contentType, contentLength, NO_BODY, allow);
    }

    public int status() {
        return status;
    }

    public String contentType() {
        return contentType;
    }

    /** @return the {@code Content-Length} to declare: the body's length, or for a head-only reply the length a GET would get */
    public long contentLength() {
        return contentLength;
    }

    /** @return the number of body bytes to write; 0 for a head-only reply */
    public int bodyLength() {
        return body.length;
    }

    /** @return a read-only view of the body, positioned at its start; empty for a head-only reply */
    public ByteBuffer body() {
        return ByteBuffer.wrap(body).asReadOnlyBuffer();
    }

    /** @return the value of the {@code Allow} field to send (a 405's), or null for none */
    public String allow() {
        return allow;
    }

    /** @return true for {@link #HELLO}, which servers may send from a buffer they encoded once */
    public boolean isHello() {
        return this == HELLO;
    }

    @Override
    public String toString() {
        return "Reply[" + status + " " + contentType + " Content-Length=" + contentLength + ", " + body.length + " body bytes"
                + (allow == null ? "" : ", Allow: " + allow) + "]";
    }
}
