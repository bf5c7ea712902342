package io.workbench.targets.hello;

import io.workbench.iocore.hello.HelloProtocol;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A complete response of the hello contract: status, content type and body. Servers turn it into
 * their own response object; {@link #isHello()} lets them send a pre-encoded copy of the one reply
 * that is on the hot path.
 */
public final class Reply {

    /** {@code 200 text/plain hello}: the answer to {@code GET /hello}. */
    public static final Reply HELLO = new Reply(200, HelloProtocol.HELLO_CONTENT_TYPE, HelloProtocol.helloBody());
    /** {@code 404}: anything the contract does not know. */
    public static final Reply NOT_FOUND = text(404, "not found");

    private final int status;
    private final String contentType;
    private final byte[] body;

    private Reply(int status, String contentType, byte[] body) {
        this.status = status;
        this.contentType = contentType;
        this.body = body;
    }

    /** {@code 200 application/json} with the counters of {@code /stats}. */
    public static Reply stats(String json) {
        return new Reply(200, HelloProtocol.STATS_CONTENT_TYPE, json.getBytes(StandardCharsets.UTF_8));
    }

    /** A plain-text error, the reason as the body (e.g. {@code 400} for a bad {@code wait}). */
    public static Reply text(int status, String reason) {
        return new Reply(status, HelloProtocol.HELLO_CONTENT_TYPE, reason.getBytes(StandardCharsets.UTF_8));
    }

    public int status() {
        return status;
    }

    public String contentType() {
        return contentType;
    }

    public int bodyLength() {
        return body.length;
    }

    /** @return a read-only view of the body, positioned at its start */
    public ByteBuffer body() {
        return ByteBuffer.wrap(body).asReadOnlyBuffer();
    }

    /** @return true for {@link #HELLO}, which servers may send from a buffer they encoded once */
    public boolean isHello() {
        return this == HELLO;
    }

    @Override
    public String toString() {
        return "Reply[" + status + " " + contentType + " " + body.length + " bytes]";
    }
}
