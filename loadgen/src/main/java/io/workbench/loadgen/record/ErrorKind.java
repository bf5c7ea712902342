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
    /**
     * The connection failed under I/O (reset by the peer, broken pipe) after a byte of the request
     * was written, before its response was complete: the server may have read it, so it is never
     * sent again.
     */
    RESET("reset"),
    /**
     * The server closed the connection after a byte of the request was written, before its response
     * was complete (or before any byte of it): the server may have read it, so it is never sent again.
     */
    CLOSED("closed"),
    /**
     * The server closed or reset the connection before any byte of the request was written (most
     * often a keep-alive connection it closed while idle), a second time for the same request: the
     * first time it is sent once more on another connection (summary.json's {@code retried}).
     */
    NOT_WRITTEN("not_written"),
    /** The server answered with bytes that are not a valid response. */
    BAD_RESPONSE("bad_response"),
    /** A complete response whose status is not 2xx. */
    NON_2XX("non_2xx"),
    /**
     * This side ended the request: the run ended (its drain was over, or it was interrupted) while it
     * was in flight, censored then; or another request on its pipelined connection timed out.
     */
    ABORTED("aborted"),
    /**
     * The run ended (its drain was over, or it was interrupted) while the request still waited for a
     * connection: never written, and censored (timed up to then).
     */
    WAITING_AT_END("waiting_at_end");

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
            case NOT_WRITTEN -> NOT_WRITTEN;
            case BAD_RESPONSE -> BAD_RESPONSE;
            case CONNECT_FAILED -> ofConnect(failure);
            case ABORTED, REJECTED -> ABORTED;
            case TIMEOUT -> throw new IllegalArgumentException("a timeout is counted apart: " + failure);
        };
    }

    /**
     * @return true if {@code failure} says no byte of the request was written before the server
     *         closed or reset its connection: the server never saw it, and it may be sent again
     */
    public static boolean isNotWritten(HttpClientException failure) {
        return failure.kind() == HttpClientException.Kind.NOT_WRITTEN;
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
