package io.workbench.iocore.http;

/**
 * The input is not a valid HTTP/1.1 message. It carries the status a server answers with (400,
 * 413, 414, 431, 501 or 505) and a reason that says what was wrong, fit for the response body and
 * a log line. After a bad message the connection must close: the parser that threw it cannot be
 * reused, because where the next message would start is no longer known.
 *
 * <p>On the response side (a client parsing what a server sent) the status only classifies the
 * fault; nobody answers it.
 *
 * <p>It has no stack trace: the reason says where the input went wrong, and a peer that sends
 * garbage should not make us walk the stack.
 */
public final class BadMessageException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String reason;

    public BadMessageException(int status, String reason) {
        super(status + " " + reason, null, false, false);
        if (!HttpStatus.isValid(status)) {
            throw new IllegalArgumentException("status must be a code in [100, 599], was " + status);
        }
        this.status = status;
        this.reason = reason;
    }

    /** @return the status code to answer with */
    public int status() {
        return status;
    }

    /** @return what was wrong with the message */
    public String reason() {
        return reason;
    }
}
