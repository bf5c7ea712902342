/**
 * The ways of chaining asynchronous operations that {@link io.workbench.iocore.callback.IteratingCallback}
 * is compared against, all behind {@link io.workbench.iocore.callback.pattern.CompletionPattern} and
 * all driving the same {@link io.workbench.iocore.callback.pattern.SimulatedChannel}, so that tests
 * and benchmarks see the patterns differ only in how they react to a completion.
 *
 * <p>The dilemma they answer (the one Jetty's iterating-callback article describes): when a write completes inside the call that started it,
 * either the completion runs the next write right there (fast, but the stack grows with every
 * operation) or it is handed to another thread (constant stack, but a thread hop per operation).
 * Naive recursion and always-dispatch are the two extremes; depth-counted recursion (Jetty 8's
 * {@code ForkInvoker}) and the per-event budget (the JDK's NIO2 {@code sun.nio.ch.Invoker}) cap
 * the recursion and then dispatch; the iterating callback loops instead of recursing.
 */
package io.workbench.iocore.callback.pattern;
