package io.workbench.iocore.http.client;

import java.io.IOException;
import java.util.Objects;

/**
 * Why a request ended without a response, or a connection could not be made: a {@link Kind} a load
 * generator can count errors by, and a message that says what happened in words.
 *
 * <p>One instance may be shared by every request that failed for the same reason (a connection
 * that closed with five requests outstanding fails all five with one exception), so it is
 * immutable. It has no stack trace: the kind and the message say where it came from, and a server
 * that resets thousands of connections should not make the client walk its stack thousands of
 * times.
 */
public final class HttpClientException extends IOException {

    private static final long serialVersionUID = 1L;

    /** What went wrong, coarsely enough to count. */
    public enum Kind {
        /** The connection could not be opened: refused, timed out, or the source address could not be bound. */
        CONNECT_FAILED,
        /** No complete response arrived within the request's timeout. */
        TIMEOUT,
        /** The connection failed under I/O: reset by the peer, broken pipe. */
        RESET,
        /** The server closed the connection (or said it would, with {@code Connection: close}) before this response was complete. */
        CLOSED,
        /**
         * The connection closed (the server closed or reset it) before any byte of this request was
         * written: the server cannot have seen it, so it can be sent again on another connection,
         * once (RFC 9110, section 9.2.2, still asks a client to retry only idempotent methods on
         * its own: {@link HttpRequest#isIdempotent()}). The usual cause is a keep-alive connection
         * the server closed or reset while it was idle, seen by the write (which fails) or by the
         * reader before the request's turn to be written came. A request of which a byte was
         * written fails with {@link #CLOSED} or {@link #RESET} instead: the server may have read
         * it, and it must not be sent twice.
         */
        NOT_WRITTEN,
        /** The server sent bytes that are not a valid response to the request: garbage, a smuggling vector, an unsolicited response. */
        BAD_RESPONSE,
        /** This side closed the connection: {@code close()}, the client stopped, or another request on the connection timed out. */
        ABORTED,
        /** The connection did not take the request: it had as many in flight as it allows, or it is closing or closed. */
        REJECTED
    }

    private final Kind kind;

    public HttpClientException(Kind kind, String message) {
        this(kind, message, null);
    }

    public HttpClientException(Kind kind, String message, Throwable cause) {
        super(kind + ": " + message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    /** @return what went wrong */
    public Kind kind() {
        return kind;
    }

    /** No stack trace: see the class comment. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
