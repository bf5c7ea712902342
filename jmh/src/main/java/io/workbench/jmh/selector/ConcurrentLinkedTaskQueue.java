package io.workbench.jmh.selector;

import java.util.concurrent.ConcurrentLinkedQueue;

/** The JDK's lock-free linked queue: simple and safe, with one node allocated per task. */
final class ConcurrentLinkedTaskQueue implements TaskQueue {

    private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();

    @Override
    public void offer(Runnable task) {
        queue.offer(task);
    }

    @Override
    public int runQueued() {
        int ran = 0;
        Runnable task;
        while ((task = queue.poll()) != null) {
            task.run();
            ran++;
        }
        return ran;
    }

    @Override
    public String toString() {
        return "ConcurrentLinkedTaskQueue[size=" + queue.size() + "]";
    }
}
