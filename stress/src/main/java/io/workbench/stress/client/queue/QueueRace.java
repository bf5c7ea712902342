package io.workbench.stress.client.queue;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.stress.client.ExchangeSlots;
import io.workbench.stress.client.RecordingListener;
import io.workbench.stress.harness.RaceWindow;

/**
 * One jcstress iteration of a race on a connection's exchange queue: a queue of the variant this VM
 * runs ({@link QueueUnderTest#create}) with real slots, driven by the two protocols of
 * {@code HttpClientConnection} that meet on it: a sender's {@code send()} (claim, fill and publish
 * the slot, then end the request itself if the connection closed meanwhile) and the closing
 * connection's {@code onClose()} (shut, close with the failure, then fail every outstanding request
 * still active). Each call returns what the outcome shows.
 */
public final class QueueRace {

    /** What the closing connection fails outstanding requests with; made once, as its stack trace costs. */
    static final HttpClientException CLOSE_FAILURE =
            new HttpClientException(HttpClientException.Kind.CLOSED, "the test closed the connection");

    private final QueueUnderTest queue;

    public QueueRace(int maxInFlight) {
        this.queue = QueueUnderTest.create(maxInFlight);
    }

    /**
     * {@code HttpClientConnection.send()} of a persistent request, without the flush.
     *
     * @return {@code accepted}, or why not: {@code FULL}, {@code REFUSED_SHUT}, {@code REFUSED_CLOSED}
     */
    public String send(RecordingListener listener) {
        long seq = queue.claim(false);
        if (seq < 0) {
            return refusal(seq);
        }
        HttpExchange slot = queue.slot(seq);
        fillTakesAWhile();
        ExchangeSlots.prepare(slot, seq, listener);
        ExchangeSlots.publish(slot, seq);
        if (queue.isClosed()) {
            // As the connection does: the closing thread may have looked at the slot before it was published.
            ExchangeSlots.fail(slot, seq, queue.closeFailure());
        }
        return "accepted";
    }

    /** {@code HttpClientConnection.onClose()}: shut, close, fail what is outstanding. */
    public void close() {
        long claimed = queue.shut();
        long answered = queue.answered();
        queue.close(CLOSE_FAILURE);
        for (long seq = answered; seq < claimed; seq++) {
            HttpExchange slot = queue.slot(seq);
            if (ExchangeSlots.isActive(slot, seq)) {
                ExchangeSlots.fail(slot, seq, CLOSE_FAILURE);
            }
        }
    }

    /** A bare claim. @return the sequence number, or why there is none */
    public String claim(boolean last) {
        long seq = queue.claim(last);
        return seq < 0 ? refusal(seq) : String.valueOf(seq);
    }

    /** A bare shut. @return the count it returned as final */
    public long shut() {
        return queue.shut();
    }

    /** @return the admission state and the count of claimed requests, e.g. {@code SHUT claimed=1} */
    public String state() {
        return queue.admission() + " claimed=" + queue.claimed();
    }

    /**
     * Between its claim and its publish a sender fills the slot. The spin stands for that work and
     * is long on purpose: jcstress runs each actor through a batch of iterations at its own pace,
     * so an actor much faster than the other runs ahead of it and the two rarely meet. Taking
     * about as long as a close (a copy's close included) keeps them in step, so that a close lands
     * between the claim and the closed check often, for the real queue and its copies alike.
     */
    private static void fillTakesAWhile() {
        // As long as a copy's widened gap.
        RaceWindow.spin(RaceWindow.WIDEN_SPINS);
    }

    private String refusal(long seq) {
        return queue.refusal(seq);
    }
}
