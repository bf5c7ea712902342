/**
 * Records of the hot path, kept without locks or allocation: the bounded multi-writer,
 * single-reader {@link io.workbench.iocore.trace.TraceRing} of primitive records that the load
 * targets trace their requests into ({@code --trace}). It lives in iocore, which the targets and
 * the stress module both use, so that its jcstress tests and mutants run on the real class
 * without putting the servers on the stress module's class path.
 */
package io.workbench.iocore.trace;
