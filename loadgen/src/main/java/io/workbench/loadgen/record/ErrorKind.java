package io.workbench.loadgen.record;

import io.workbench.iocore.http.client.HttpClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * Why a request failed, coarsely enough to count, named as in summary.json. A request that timed
 * out is not an error kind: it is counted apart (summary.json's {@code timedOut}).
 */
public enum ErrorKind {
    /** The target refused the connection (nothing listening, or its backlog overflowed with resets). */
    CONNECT_REFUSED("connect_refused"),
    /** The connect did not finish within the connect timeout. */
    CONNECT_TIMEOUT("connect_timeout"),
    /** A connect failed another way: the source address could not be bound, no route, no ephemeral port left. */
    CONNECT_FAILED("connect_failed"),
    /** The process had no file descriptor left for a new connection and none was open to wait for. */
    DESCRIPTOR_LIMIT("descriptor_limit"),
    /** The connection failed under I/O: reset by the peer, broken pipe. */
    RESET("reset"),
    /** The server closed the connection before this response was complete. */
    CLOSED("closed"),
    /**
     * The connection was stale: the server closed it while it was idle (its keep-alive timeout),
     * before any byte of this request's response; the request may be sent again on a fresh
     * connection.
     */
    STALE_CONNECTION("stale_connection"),
    /** The server answered with bytes that are not a valid response. */
    BAD_RESPONSE("bad_response"),
    /** A complete response whose status is not 2xx. */
    NON_2XX("non_2xx"),
    /** This side ended the request: the run was interrupted, or another request on its pipelined connection timed out. */
    ABORTED("aborted");

    private final String key;

    ErrorKind(String key) {
        this.key = key;
    }

    /** @return the name in summary.json's {@code errorsByKind} */
    public String key() {
        return key;
    }

    /** @return the kind of a failed request (never for {@code TIMEOUT}, which is not an error kind) */
    public static ErrorKind of(HttpClientException failure) {
        return switch (failure.kind()) {
            case RESET -> RESET;
            case CLOSED -> CLOSED;
            case STALE_CONNECTION -> STALE_CONNECTION;
            case BAD_RESPONSE -> BAD_RESPONSE;
            case CONNECT_FAILED -> ofConnect(failure);
            case ABORTED, REJECTED -> ABORTED;
            case TIMEOUT -> throw new IllegalArgumentException("a timeout is counted apart: " + failure);
        };
    }

    /**
     * @return true if {@code failure} says the request found its keep-alive connection closed by the
     *         server while idle, before any byte of its response: sending it again is safe
     */
    public static boolean isStaleConnection(HttpClientException failure) {
        return failure.kind() == HttpClientException.Kind.STALE_CONNECTION;
    }

    /** @return the kind of a failed connect, from the cause the connector failed with */
    public static ErrorKind ofConnect(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof NoRouteToHostException) {
                return cause.getMessage() != null && cause.getMessage().contains("refused") ? CONNECT_REFUSED : CONNECT_FAILED;
            }
            if (cause instanceof SocketTimeoutException || cause instanceof TimeoutException) {
                return CONNECT_TIMEOUT;
            }
            if (isDescriptorLimit(cause)) {
                return DESCRIPTOR_LIMIT;
            }
            if (cause.getCause() == null && cause instanceof IOException io && io.getMessage() != null
                    && io.getMessage().contains("Connection refused")) {
                return CONNECT_REFUSED;
            }
        }
        return CONNECT_FAILED;
    }

    /** @return true if {@code failure} is the kernel's EMFILE/ENFILE: no descriptor left */
    public static boolean isDescriptorLimit(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (cause instanceof IOException && message != null
                    && (message.contains("Too many open files") || message.contains("Too many open files in system"))) {
                return true;
            }
        }
        return false;
    }
}
