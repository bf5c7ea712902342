package io.workbench.stress.client.exchange.mutant;

import static io.workbench.stress.client.exchange.mutant.HttpExchangeBug.COMPLETE_WITHOUT_CAS;
import static io.workbench.stress.client.exchange.mutant.HttpExchangeBug.FAILURE_BEFORE_CAS;
import static io.workbench.stress.client.exchange.mutant.HttpExchangeBug.SEQUENCE_NOT_CHECKED;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.stress.client.RecordingListener;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of the slot machine of iocore's {@link io.workbench.iocore.http.client.HttpExchange} (as
 * of commit 68d5cfc) that is built with at most one {@link HttpExchangeBug}, for the jcstress tests
 * in {@code io.workbench.stress.client.exchange} to catch. Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy of the word {@code sequence << 1 | done}, of
 * {@code prepare}, {@code publish}, {@code isActive}, {@code succeed} and {@code fail}, and of the
 * outcome the winner records before it calls the listener; the harness runs every test against it
 * as a control. Left out are the request's and the response's other fields, the timing and the
 * logging, which no race here touches; the listener is the tests' {@link RecordingListener}, as
 * an {@code HttpResponseListener} takes the real exchange. Every spot a bug changes is marked with
 * the bug's name; a bug with a gap waits a little in it ({@link #widen()}) so that jcstress's quick
 * mode lands in it reliably on two cores.
 */
public final class HttpExchangeMutant {

    private static final long DONE = 1;
    private static final long EMPTY = -1;

    private static final VarHandle WORD;

    static {
        try {
            WORD = MethodHandles.lookup().findVarHandle(HttpExchangeMutant.class, "word", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final HttpExchangeBug bug;
    @SuppressWarnings("unused") // through WORD
    private volatile long word = EMPTY;

    // Written by the claiming thread before publish(); the outcome, by the winner of the CAS.
    private RecordingListener listener;
    private boolean succeeded;
    private HttpClientException failure;

    /** @param bug the bug to build in; null for the faithful control copy */
    public HttpExchangeMutant(HttpExchangeBug bug) {
        this.bug = bug;
    }

    public void prepare(RecordingListener listener) {
        this.listener = listener;
        this.succeeded = false;
        this.failure = null;
    }

    public void publish(long seq) {
        WORD.setVolatile(this, seq << 1);
    }

    public boolean isActive(long seq) {
        return (long) WORD.getVolatile(this) == seq << 1;
    }

    public boolean succeed(long seq) {
        if (!end(seq)) {
            return false;
        }
        succeeded = true;
        notifyComplete();
        return true;
    }

    public boolean fail(long seq, HttpClientException cause) {
        if (bug == FAILURE_BEFORE_CAS) {
            // FAILURE_BEFORE_CAS: the cause is recorded whether or not this call wins.
            failure = cause;
            RaceWindow.widen();
            if (!end(seq)) {
                return false;
            }
        } else {
            if (!end(seq)) {
                return false;
            }
            failure = cause;
        }
        notifyComplete();
        return true;
    }

    public boolean isSucceeded() {
        return succeeded;
    }

    public HttpClientException failure() {
        return failure;
    }

    /** The one CAS that ends a request: {@code (seq, ACTIVE) -> (seq, DONE)}. */
    private boolean end(long seq) {
        long active = seq << 1;
        if (bug == COMPLETE_WITHOUT_CAS) {
            // COMPLETE_WITHOUT_CAS: check, then store; another thread can pass the same check meanwhile.
            if ((long) WORD.getVolatile(this) != active) {
                return false;
            }
            RaceWindow.widen();
            WORD.setVolatile(this, active | DONE);
            return true;
        }
        if (bug == SEQUENCE_NOT_CHECKED) {
            // SEQUENCE_NOT_CHECKED: whichever request is active in the slot is ended.
            long current = (long) WORD.getVolatile(this);
            return current != EMPTY && (current & DONE) == 0 && WORD.compareAndSet(this, current, current | DONE);
        }
        return WORD.compareAndSet(this, active, active | DONE);
    }

    private void notifyComplete() {
        RecordingListener l = listener;
        try {
            // A second end finds the listener let go. The original then calls null, catches the
            // NullPointerException and logs it as a warning; the copy leaves the logging out.
            if (l != null) {
                l.completed(succeeded, failure);
            }
        } finally {
            listener = null;
        }
    }

    @Override
    public String toString() {
        long w = (long) WORD.getVolatile(this);
        String state = w == EMPTY ? "EMPTY" : "#" + (w >> 1) + ((w & DONE) != 0 ? ",DONE" : ",ACTIVE");
        return "HttpExchangeMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + state + "]";
    }
}
