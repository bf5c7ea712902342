package io.workbench.targets.hello;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link HelloExchange} that records what the shared handling asked of it, and runs scheduled
 * tasks only when the test says so: the strategies can be checked without a server or a clock.
 */
final class RecordingExchange implements HelloExchange {

    final List<Reply> sent = new ArrayList<>();
    /** The hooks handed over by {@link #counted}, to be run when the server ends the request. */
    final List<Runnable> counted = new ArrayList<>();
    final List<Long> delays = new ArrayList<>();
    final List<StreamBody> streams = new ArrayList<>();
    final List<WriteMode> streamModes = new ArrayList<>();
    final List<WriteMode> sendModes = new ArrayList<>();
    int startAsyncCalls;
    private final List<Runnable> scheduled = new ArrayList<>();
    Thread sentOn;

    @Override
    public void counted(Runnable whenEnded) {
        counted.add(whenEnded);
    }

    @Override
    public void send(Reply reply) {
        send(reply, WriteMode.BLOCKING);
    }

    @Override
    public void send(Reply reply, WriteMode mode) {
        sendModes.add(mode);
        sent.add(reply);
        sentOn = Thread.currentThread();
    }

    @Override
    public void schedule(Runnable task, long delayMillis) {
        scheduled.add(task);
        delays.add(delayMillis);
    }

    @Override
    public void startAsync() {
        startAsyncCalls++;
    }

    @Override
    public void stream(StreamBody body, WriteMode mode) {
        streams.add(body);
        streamModes.add(mode);
        sentOn = Thread.currentThread();
    }

    /** Runs what was scheduled, as the server's scheduler would once the delay is over. */
    void fireScheduled() {
        List<Runnable> due = new ArrayList<>(scheduled);
        scheduled.clear();
        due.forEach(Runnable::run);
    }

    /** The server ends every counted request (its response written, or the connection closed). */
    void completeAll() {
        counted.forEach(Runnable::run);
        counted.clear();
    }
}
