/**
 * Where each request's time goes ({@code ./workbench load --trace}): the generator sends every
 * request with its id in a field ({@link io.workbench.loadgen.trace.TraceField}), keeps its own
 * stamps per request ({@link io.workbench.loadgen.trace.LoopTrace}), fetches the target's after the
 * run ({@link io.workbench.loadgen.trace.TargetTrace}), joins the two on the id
 * ({@link io.workbench.loadgen.trace.TraceJoin}) and splits each request's latency into seven
 * parts ({@link io.workbench.loadgen.trace.TracePart}), which add up to intended->end request by
 * request; the breakdown ({@link io.workbench.loadgen.trace.TraceBreakdown}) is each part's median
 * and p99, the worst requests part by part, and whether the two sides' stamps are on one clock
 * ({@link io.workbench.loadgen.trace.ClockCheck}). Both processes read {@link System#nanoTime()},
 * which is CLOCK_MONOTONIC on Linux, one clock for every process of the machine.
 */
package io.workbench.loadgen.trace;
