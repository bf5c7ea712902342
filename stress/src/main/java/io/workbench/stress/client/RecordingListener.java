package io.workbench.stress.client;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpResponseListener;
import io.workbench.stress.io.ActorTags;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A response listener that records every {@code onComplete} it gets, with the outcome the exchange
 * showed at that moment and the thread that delivered it, so that an outcome reads
 * {@code succeeded@1}, {@code failed:CLOSED@2}, {@code none}, or, when a request is ended twice,
 * {@code succeeded@1+failed:CLOSED@2}. A failure is named by its kind; {@code failed:null} is an
 * exchange that ended failed with no cause recorded.
 */
public final class RecordingListener implements HttpResponseListener {

    /** More completions than any test can legitimately cause; the rest are counted, not kept. */
    private static final int CAPACITY = 4;

    private final ActorTags tags;
    private final String[] completions = new String[CAPACITY];
    private final AtomicInteger count = new AtomicInteger();

    public RecordingListener(ActorTags tags) {
        this.tags = tags;
    }

    @Override
    public void onComplete(HttpExchange exchange) {
        completed(exchange.isSucceeded(), exchange.failure());
    }

    /** What {@link #onComplete} records. */
    public void completed(boolean succeeded, HttpClientException failure) {
        String what = succeeded ? "succeeded" : "failed:" + (failure == null ? "null" : failure.kind().name());
        int index = count.getAndIncrement();
        if (index < CAPACITY) {
            completions[index] = what + "@" + tags.current();
        }
    }

    /**
     * How a generated copy of HttpExchange completes: it cannot pass itself to {@link #onComplete},
     * which takes the real class, so it hands over what onComplete would have read. A second end
     * that finds the listener already let go ({@code listener} null) records nothing, as the real
     * exchange only logs that.
     */
    public static void completedByCopy(HttpResponseListener listener, boolean succeeded, HttpClientException failure) {
        if (listener != null) {
            ((RecordingListener) listener).completed(succeeded, failure);
        }
    }

    /** @return how many times the request was ended */
    public int completions() {
        return count.get();
    }

    /** The completions in the order they were recorded, joined by {@code +}; {@code none} if none. */
    public String render() {
        int n = count.get();
        if (n == 0) {
            return "none";
        }
        StringJoiner all = new StringJoiner("+");
        for (int i = 0; i < Math.min(n, CAPACITY); i++) {
            all.add(completions[i]);
        }
        if (n > CAPACITY) {
            all.add("..." + (n - CAPACITY) + " more");
        }
        return all.toString();
    }
}
