/**
 * The load command's open-model run through Hyperfoil's in-process runner
 * ({@code ./workbench load --engine hyperfoil}), its statistics written as a load run's files.
 */
package io.workbench.hyperfoil.engine;
