/**
 * Runs measured by something other than this process's own generator, written into the same files
 * a load run writes ({@code summary.json}, {@code .hgrm}, {@code latency.hlog}) so that the report
 * reads them alike: several generators' interval logs merged into one run, a Hyperfoil run (in
 * process, or a controller's JSON export). Every such summary names its {@code engine}.
 */
package io.workbench.loadgen.foreign;
