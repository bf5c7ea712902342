package io.workbench.stress.io;

import io.workbench.iocore.callback.Callback;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A callback that records every completion it gets, with the thread that gave it, so that an
 * outcome reads {@code succeeded@1}, {@code failed:x@2}, {@code none}, or, when a machine
 * completes it twice, {@code succeeded@1+failed:x@2}.
 */
public final class RecordingCallback implements Callback {

    /** More completions than any test can legitimately cause; the rest are counted, not kept. */
    private static final int CAPACITY = 4;

    private final ActorTags tags;
    private final String[] completions = new String[CAPACITY];
    private final AtomicInteger count = new AtomicInteger();
    private volatile Runnable onFirstSuccess;

    public RecordingCallback(ActorTags tags) {
        this.tags = tags;
    }

    /** Runs {@code action} inside the first succeeded(), as a connection that reads again does. */
    public void onFirstSuccess(Runnable action) {
        this.onFirstSuccess = action;
    }

    @Override
    public void succeeded() {
        int index = record("succeeded@" + tags.current());
        Runnable action = onFirstSuccess;
        if (index == 0 && action != null) {
            action.run();
        }
    }

    @Override
    public void failed(Throwable cause) {
        record("failed:" + NamedFailure.nameOf(cause) + "@" + tags.current());
    }

    private int record(String completion) {
        int index = count.getAndIncrement();
        if (index < CAPACITY) {
            completions[index] = completion;
        }
        return index;
    }

    /** @return how many times it was completed */
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
