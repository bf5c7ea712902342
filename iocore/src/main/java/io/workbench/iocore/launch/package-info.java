/**
 * Starting another JVM the way every part of the workbench does
 * ({@link io.workbench.iocore.launch.ChildJvm}): probes, targets, load runs and the tests that
 * start them as processes.
 */
package io.workbench.iocore.launch;
