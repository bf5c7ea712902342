package io.workbench.stress.client.exchange;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.stress.client.RecordingListener;
import io.workbench.stress.io.ActorTags;

/**
 * One jcstress iteration of a race on an exchange slot: a slot of the variant this VM runs
 * ({@link ExchangeUnderTest#create}) and the calls of the three kinds of thread that may end a
 * request, each as {@code HttpClientConnection} makes it. Every listener records who ended its
 * request and how; {@link #outcome()} is what a listener reading the exchange afterwards would see.
 */
public final class ExchangeRace {

    /** The closing connection's failure and an expired request's; made once, as their stack traces cost. */
    static final HttpClientException CLOSED = new HttpClientException(HttpClientException.Kind.CLOSED, "closed by the test");
    static final HttpClientException TIMEOUT = new HttpClientException(HttpClientException.Kind.TIMEOUT, "timed out in the test");

    final ActorTags tags = new ActorTags();
    private final ExchangeUnderTest slot = ExchangeUnderTest.create();

    /** The sender claimed {@code seq}: fill the slot, then publish it. */
    public void send(long seq, RecordingListener listener) {
        slot.prepare(seq, listener);
        slot.publish(seq);
    }

    /** The reader's last byte of the response to {@code seq} arrived (responseComplete()). */
    public boolean respond(long seq) {
        return slot.succeed(seq);
    }

    /** The closing connection fails {@code seq} if it is still active there (onClose()). */
    public String closeOutstanding(long seq, HttpClientException failure) {
        if (!slot.isActive(seq)) {
            return "inactive";
        }
        return String.valueOf(slot.fail(seq, failure));
    }

    /**
     * Fails {@code seq} with no look at the slot first: the sender that found the connection closed
     * right after it published {@code seq} (send()), or any thread that looked at the slot earlier.
     */
    public boolean fail(long seq, HttpClientException failure) {
        return slot.fail(seq, failure);
    }

    public boolean isActive(long seq) {
        return slot.isActive(seq);
    }

    /**
     * @return the outcome recorded in the slot: {@code succeeded}, {@code failed:KIND}, both when
     *         one end overwrote another's, {@code open} when nothing ended it
     */
    public String outcome() {
        boolean succeeded = slot.isSucceeded();
        HttpClientException failure = slot.failure();
        if (failure == null) {
            return succeeded ? "succeeded" : "open";
        }
        return (succeeded ? "succeeded+" : "") + "failed:" + failure.kind().name();
    }
}
