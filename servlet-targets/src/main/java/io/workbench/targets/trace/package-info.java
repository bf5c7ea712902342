/**
 * Where each request's time goes, on the target's side: with {@code --trace}, a request that carries
 * the generator's id ({@link io.workbench.targets.trace.TraceHeader}) is stamped at four points on
 * the one monotonic clock every process of the machine reads, the same points on every server (its
 * first bytes read, the handler entered, the answer started, its last byte handed to the socket),
 * recorded without locks or allocation into striped rings of primitive slots
 * (iocore's {@link io.workbench.iocore.trace.TraceRing}), drained off the hot path, and served by
 * {@code GET /trace} for the generator to join with its own stamps.
 */
package io.workbench.targets.trace;
