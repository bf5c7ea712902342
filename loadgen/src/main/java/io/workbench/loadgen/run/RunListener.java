package io.workbench.loadgen.run;

import io.workbench.iocore.http.client.HttpClientConnection;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpResponseListener;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.LatencyRecorders;
import io.workbench.loadgen.record.RequestCounters;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one listener every request of a run is sent with; its tag is the request's intended start
 * time. It ends each request exactly once in the counters of its phase (the client calls it
 * exactly once per accepted request), records the three latencies of a measured request that got
 * a response or timed out, and tells the driver that the connection has a free slot. It allocates
 * nothing and takes no lock: atomic adds, wait-free recorders, a lock-free queue.
 *
 * <p>What is recorded: every response, whatever its status (a 500 is slow or fast like any other),
 * and every time-out at the moment it was given up (a lower bound of what its user waited: leaving
 * it out would flatter the tail). Requests that failed otherwise (reset, closed, refused) are
 * counted, not timed: their quick failure is not a latency anyone saw.
 */
final class RunListener implements HttpResponseListener {

    /** What the driver does once a request on a connection has ended. */
    interface Released {
        void released(HttpClientConnection connection);
    }

    private final RunClock clock;
    private final RequestCounters warmup;
    private final RequestCounters measured;
    private final LatencyRecorders recorders;
    private final AtomicLong lastMeasuredEndNanos;
    private volatile Released released = connection -> { };

    RunListener(RunClock clock, RequestCounters warmup, RequestCounters measured, LatencyRecorders recorders, AtomicLong lastMeasuredEndNanos) {
        this.clock = clock;
        this.warmup = warmup;
        this.measured = measured;
        this.recorders = recorders;
        this.lastMeasuredEndNanos = lastMeasuredEndNanos;
    }

    void onReleased(Released value) {
        this.released = value;
    }

    @Override
    public void onComplete(HttpExchange exchange) {
        long intended = exchange.tag();
        boolean isMeasured = clock.isMeasured(intended);
        RequestCounters counters = isMeasured ? measured : warmup;
        long end = exchange.completedNanos();
        if (exchange.isSucceeded()) {
            int status = exchange.status();
            if (status >= 200 && status < 300) {
                counters.ok();
            } else {
                counters.error(ErrorKind.NON_2XX);
            }
            if (isMeasured) {
                record(intended, exchange.sentNanos(), end);
            }
        } else {
            HttpClientException failure = exchange.failure();
            if (failure.kind() == HttpClientException.Kind.TIMEOUT) {
                counters.timedOut();
                if (isMeasured) {
                    record(intended, exchange.sentNanos(), end);
                }
            } else {
                counters.error(ErrorKind.of(failure));
            }
        }
        released.released(exchange.connection());
    }

    private void record(long intended, long sent, long end) {
        recorders.record(intended, sent, end);
        long last;
        while (end - (last = lastMeasuredEndNanos.get()) > 0 && !lastMeasuredEndNanos.compareAndSet(last, end)) {
            Thread.onSpinWait();
        }
    }

    @Override
    public String toString() {
        return "RunListener[measured=" + measured + ",warmup=" + warmup + "]";
    }
}
