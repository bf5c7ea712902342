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
         * The connection was stale: the server closed or reset it while it was idle. Nothing was
         * outstanding on it when this request was accepted, and the close (FIN or RST) came before
         * any byte of the response, whether or not the request was written. The request can be
         * sent again, once, on a fresh connection (if it is idempotent: RFC 9110, section 9.2.2).
         * A server that closes on reading a request without answering it looks the same; the
         * retry then fails as {@link #CLOSED}.
         */
        STALE_CONNECTION,
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
