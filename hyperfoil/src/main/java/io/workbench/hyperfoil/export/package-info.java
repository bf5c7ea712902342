/**
 * The workbench's scenarios written as Hyperfoil benchmarks (YAML), for a Hyperfoil controller and
 * its agents, or for the in-process engine.
 */
package io.workbench.hyperfoil.export;
