package io.workbench.jmh.selector;

/**
 * The hand-off of tasks from any thread to one selector thread: many producers
 * {@link #offer}, one consumer {@link #runQueued runs} what has arrived.
 */
public interface TaskQueue {

    /** Queues a task for the selector thread; any thread may call this. */
    void offer(Runnable task);

    /**
     * Runs the tasks queued so far, in order; only the selector thread calls this.
     *
     * @return how many tasks ran
     */
    int runQueued();

    /** The queues compared, by name. */
    enum Kind {
        /** JCTools' {@code MpscUnboundedArrayQueue}: linked chunks of an array, one CAS or XADD per offer. */
        JCTOOLS_MPSC_UNBOUNDED {
            @Override
            public TaskQueue create() {
                return new JctoolsTaskQueue();
            }
        },
        /** The JDK's {@code ConcurrentLinkedQueue}: a node allocated and CASed in per offer. */
        CONCURRENT_LINKED_QUEUE {
            @Override
            public TaskQueue create() {
                return new ConcurrentLinkedTaskQueue();
            }
        },
        /** Jetty 12's way: an {@code ArrayDeque} under a lock, swapped for an empty one by the consumer. */
        LOCKED_ARRAY_DEQUE {
            @Override
            public TaskQueue create() {
                return new LockedArrayDequeTaskQueue();
            }
        };

        public abstract TaskQueue create();
    }
}
