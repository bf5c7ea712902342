/**
 * A target process's costs read from outside it, through {@code /proc/<pid>}, as the kernel keeps
 * them: CPU (user and kernel, every thread, ended ones included), threads, resident memory and its
 * peak, context switches and scheduler run time per thread. Sampled over a measured phase by
 * {@link io.workbench.mainjob.suite.proc.PhaseSampler}, which writes {@code target-samples.csv} and
 * the run's {@code TargetCost}.
 */
package io.workbench.mainjob.suite.proc;
