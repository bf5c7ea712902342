package io.workbench.targets.hello;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link HelloExchange} that records what the shared handling asked of it: the strategies can be
 * checked without a server. Its end is a {@link RequestEnd}, as a server's is: the counted hook runs
 * once, whether the "server" completes the request ({@link #completeAll()}) or the handling aborts it.
 */
class RecordingExchange implements HelloExchange {

    final List<Reply> sent = new ArrayList<>();
    final List<StreamBody> streams = new ArrayList<>();
    final List<WriteMode> streamModes = new ArrayList<>();
    final List<WriteMode> sendModes = new ArrayList<>();
    final List<Throwable> aborts = new CopyOnWriteArrayList<>();
    int startAsyncCalls;
    int resumeCalls;
    int hooksHandedOver;
    private final RequestEnd end = new RequestEnd();
    volatile Thread sentOn;

    @Override
    public void counted(Runnable whenEnded) {
        hooksHandedOver++;
        end.counted(whenEnded);
    }

    @Override
    public void send(Reply reply) {
        send(reply, WriteMode.BLOCKING);
    }

    @Override
    public synchronized void send(Reply reply, WriteMode mode) {
        sendModes.add(mode);
        sent.add(reply);
        sentOn = Thread.currentThread();
    }

    @Override
    public synchronized void abort(Throwable cause) {
        end.end();
        aborts.add(cause);
    }

    @Override
    public void startAsync() {
        startAsyncCalls++;
    }

    /** As a container would, at once: {@code AsyncContext.start()} on the calling thread. */
    @Override
    public void resume(Runnable task) {
        resumeCalls++;
        task.run();
    }

    @Override
    public synchronized void stream(StreamBody body, WriteMode mode) {
        streams.add(body);
        streamModes.add(mode);
        sentOn = Thread.currentThread();
    }

    /** The server ends the request (its response written, or the connection closed). */
    void completeAll() {
        end.end();
    }

    boolean ended() {
        return end.isEnded();
    }
}
