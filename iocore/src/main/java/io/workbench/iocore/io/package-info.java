/**
 * The connection-facing side of non-blocking I/O: the {@link io.workbench.iocore.io.EndPoint}
 * a {@link io.workbench.iocore.io.Connection} reads from and writes to, the two lock-free state
 * machines every endpoint is built on ({@link io.workbench.iocore.io.FillInterest} for reads,
 * {@link io.workbench.iocore.io.WriteFlusher} for writes, both free of sockets so they can be
 * driven alone), and the {@link io.workbench.iocore.io.ByteBufferPool}.
 */
package io.workbench.iocore.io;
