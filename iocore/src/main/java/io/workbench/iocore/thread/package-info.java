/**
 * Threads and who runs what: the bounded platform {@link io.workbench.iocore.thread.BoundedThreadPool},
 * the {@link io.workbench.iocore.thread.VirtualThreadPool}, the execution strategies that decide
 * whether a task produced by a selector runs in place or on a pool
 * ({@link io.workbench.iocore.thread.ProduceExecuteConsume},
 * {@link io.workbench.iocore.thread.AdaptiveExecutionStrategy}) with the lock-free
 * {@link io.workbench.iocore.thread.ProducerState} they share and the
 * {@link io.workbench.iocore.thread.StrategyCounts} of what they did.
 */
package io.workbench.iocore.thread;
