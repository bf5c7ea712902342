/**
 * The main job's generator: one JVM for a whole run ({@link io.workbench.mainjob.suite.generator.GeneratorService}),
 * pinned to the generator core, that takes load runs one after another and runs each through the
 * load command's own entry point in process, and the runner's handle on it
 * ({@link io.workbench.mainjob.suite.generator.GeneratorProcess}).
 */
package io.workbench.mainjob.suite.generator;
