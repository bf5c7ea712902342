/**
 * The results of one suite run as {@code results.json} holds them: targets, scenarios, every
 * repetition with its load summary and the target's counters, GC pauses and the environment.
 * The runner writes them; the reports read them.
 */
package io.workbench.mainjob.report.results;
