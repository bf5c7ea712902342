/**
 * The reports of a suite run: the 2016 study's table and each scenario's details in report.md,
 * the same with uPlot charts (percentile distributions; latency, rate and GC pauses over time) in
 * one self-contained report.html, and two runs compared. Everything is generated from
 * results.json and the load runs' files, so a report can be written again at any time.
 */
package io.workbench.mainjob.report;
