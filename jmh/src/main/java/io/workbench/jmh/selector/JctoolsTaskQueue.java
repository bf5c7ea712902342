package io.workbench.jmh.selector;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * JCTools' unbounded MPSC queue: producers claim a slot with one atomic on the producer index and
 * allocate only when a chunk fills; the single consumer reads without any atomic write.
 */
final class JctoolsTaskQueue implements TaskQueue {

    /** Elements per chunk: a new chunk (one array) is allocated every this many offers at most. */
    static final int CHUNK = 1024;

    private static final MessagePassingQueue.Consumer<Runnable> RUN = Runnable::run;

    private final MpscUnboundedArrayQueue<Runnable> queue = new MpscUnboundedArrayQueue<>(CHUNK);

    @Override
    public void offer(Runnable task) {
        queue.offer(task);
    }

    @Override
    public int runQueued() {
        return queue.drain(RUN, CHUNK);
    }

    @Override
    public String toString() {
        return "JctoolsTaskQueue[size=" + queue.size() + "]";
    }
}
