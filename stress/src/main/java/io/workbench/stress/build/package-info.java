/**
 * What the build runs before it compiles the stress module: {@link io.workbench.stress.build.MutantGenerator}
 * writes every mutant from iocore's current sources and the edit scripts in
 * {@code src/main/mutants}, into {@code target/generated-sources/mutants}. Nothing here runs in a
 * stress test; it uses only the JDK so that the build can run it as a source file.
 */
package io.workbench.stress.build;
