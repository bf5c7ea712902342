package io.workbench.iocore.callback.pattern;

import io.workbench.iocore.callback.Callback;

/**
 * A channel whose writes do no I/O: each completes either synchronously, by calling the
 * callback's {@code succeeded()} inside {@link #write}, as a socket write that did not block
 * does, or later from the {@link AsyncCompleter}'s thread, as one that had to wait for the
 * socket to drain does. The {@link CompletionMix} decides which, deterministically.
 *
 * <p>One channel serves one task at a time: writes are issued one after another (each after the
 * previous one completed), which is what gives the plain write counter its happens-before edges.
 */
public final class SimulatedChannel {

    private final CompletionMix mix;
    private final AsyncCompleter completer;
    private final StackDepthProbe probe;
    private long writes;
    private long failingWrite = -1;

    /**
     * @param mix       which writes complete synchronously
     * @param completer the thread that completes the others; may be null only if {@code mix} is all-synchronous
     * @param probe     measures how many writes are on a stack at once ({@link StackDepthProbe#NONE} to skip)
     */
    public SimulatedChannel(CompletionMix mix, AsyncCompleter completer, StackDepthProbe probe) {
        if (completer == null && mix.synchronousShare() < 1.0) {
            throw new IllegalArgumentException("asynchronous completions need an AsyncCompleter");
        }
        this.mix = mix;
        this.completer = completer;
        this.probe = probe;
    }

    /** Makes the write with this index (0-based, counted over the channel's life) fail with an IOException. */
    public SimulatedChannel failWrite(long index) {
        failingWrite = index;
        return this;
    }

    /** Starts a write that completes {@code callback} now or later. */
    public void write(Callback callback) {
        long write = writes++;
        Callback completion = write == failingWrite ? failing(callback, write) : callback;
        probe.enter();
        try {
            if (mix.completesSynchronously(write)) {
                completion.succeeded();
            } else {
                completer.complete(completion);
            }
        } finally {
            probe.exit();
        }
    }

    /** A completion that fails {@code callback} instead of succeeding it, when and where the write completes. */
    private static Callback failing(Callback callback, long write) {
        return Callback.from(callback.getInvocationType(),
                () -> callback.failed(new java.io.IOException("simulated failure of write " + write)),
                callback::failed);
    }

    /** @return the number of writes started so far */
    public long writes() {
        return writes;
    }

    public StackDepthProbe probe() {
        return probe;
    }

    @Override
    public String toString() {
        return "SimulatedChannel@" + Integer.toHexString(hashCode()) + "[" + mix + ",writes=" + writes + "]";
    }
}
