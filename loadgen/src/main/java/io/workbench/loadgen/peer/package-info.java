/**
 * The peer load tools' output, read: the benchmark scripts in {@code bench/} run wrk, wrk2 and
 * h2load beside loadgen, and {@link io.workbench.loadgen.peer.PeerOutput} turns what each printed
 * ({@link io.workbench.loadgen.peer.WrkOutput}, {@link io.workbench.loadgen.peer.Wrk2Output},
 * {@link io.workbench.loadgen.peer.H2loadOutput}) into {@code key=value} lines a script reads
 * without parsing, times in milliseconds whatever unit the tool chose. Output a parser does not
 * understand is an {@link io.workbench.loadgen.peer.UnreadableOutputException} that says why.
 */
package io.workbench.loadgen.peer;
