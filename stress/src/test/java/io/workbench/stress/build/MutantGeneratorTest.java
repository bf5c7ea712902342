package io.workbench.stress.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.stress.build.MutantGenerator.EditFailure;
import io.workbench.stress.build.MutantGenerator.Script;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MutantGeneratorTest {

    private static final String MACHINE = """
            package org.example.core;

            public final class Gate {
                private volatile int state;

                public boolean open() {
                    return STATE.compareAndSet(this, 0, 1);
                }

                public boolean close() {
                    return STATE.compareAndSet(this, 1, 0);
                }
            }
            """;

    private static final String DRIVER = """
            package org.example.stress;

            import org.example.core.Gate;

            final class RealGate implements GateUnderTest {
                private static final String NAME = "org.example.core.Gate";
                private final Gate gate = new Gate();
            }
            """;

    private static final String HEADER = """
            machine Gate
            class   org.example.core.Gate
            driver  org.example.stress.RealGate
            package org.example.stress.mutant
            """;

    private static Script script(String mutants) {
        return Script.parse("Gate.mutants", HEADER + mutants);
    }

    private static Map<String, String> copies(String mutants) {
        return script(mutants).copies(MACHINE, Map.of("org.example.stress.RealGate", DRIVER));
    }

    @Test
    void anEditThatAppliesReplacesItsLinesInTheCopyOfItsMutantOnly() {
        Map<String, String> copies = copies("""
                mutant OPEN_WITHOUT_CAS
                <<<< find
                        return STATE.compareAndSet(this, 0, 1);
                ==== replace
                        // OPEN_WITHOUT_CAS: a store that does not compare.
                        STATE.setVolatile(this, 1);
                        return true;
                >>>>
                """);

        String mutant = copies.get("org.example.stress.mutant.open_without_cas.Gate");
        assertTrue(mutant.contains("package org.example.stress.mutant.open_without_cas;\n\nimport org.example.core.*;\n"), mutant);
        assertTrue(mutant.contains("        STATE.setVolatile(this, 1);\n        return true;\n"), mutant);
        assertFalse(mutant.contains("compareAndSet(this, 0, 1)"), mutant);
        assertTrue(mutant.contains("return STATE.compareAndSet(this, 1, 0);"), "the rest of the class is untouched");

        String control = copies.get("org.example.stress.mutant.control.Gate");
        assertTrue(control.contains("return STATE.compareAndSet(this, 0, 1);"), control);
    }

    @Test
    void theControlIsTheClassWithOnlyItsPackageMoved() {
        String control = copies("").get("org.example.stress.mutant.control.Gate");
        List<String> lines = control.lines().toList();
        assertTrue(lines.get(0).startsWith("// Generated"), control);
        String expected = MACHINE.replace("package org.example.core;\n",
                "package org.example.stress.mutant.control;\n\nimport org.example.core.*;\n");
        assertEquals(expected, String.join("\n", lines.subList(1, lines.size())) + "\n");
    }

    @Test
    void eachCopyGetsTheDriverRewrittenToDriveIt() {
        String driver = copies("").get("org.example.stress.mutant.control.RealGate");
        assertTrue(driver.contains("package org.example.stress.mutant.control;\n\nimport org.example.stress.*;\n"), driver);
        assertTrue(driver.contains("import org.example.stress.mutant.control.Gate;"), driver);
        assertTrue(driver.contains("\"org.example.stress.mutant.control.Gate\""), "names in strings too: " + driver);
        assertFalse(driver.contains("org.example.core.Gate"), driver);
    }

    @Test
    void anEditWhoseLinesAreGoneFailsNamingTheMutant() {
        EditFailure failure = assertThrows(EditFailure.class, () -> copies("""
                mutant CLOSE_WITHOUT_CAS
                <<<< find
                        return STATE.compareAndSet(this, 1, 0); // as it was once
                ==== replace
                        return true;
                >>>>
                """));
        assertTrue(failure.getMessage().startsWith("mutant Gate/CLOSE_WITHOUT_CAS, edit 1 of 1: the lines to find are not in the source"),
                failure.getMessage());
    }

    @Test
    void anEditWhoseLinesOccurTwiceFailsNamingTheMutantAndWhere() {
        EditFailure failure = assertThrows(EditFailure.class, () -> copies("""
                mutant ANY_WITHOUT_CAS
                <<<< find
                    }
                ==== replace
                    } // which one?
                >>>>
                """));
        assertTrue(failure.getMessage().startsWith("mutant Gate/ANY_WITHOUT_CAS, edit 1 of 1: the lines to find occur 2 times (at lines [8, 12])"),
                failure.getMessage());
    }

    @Test
    void oneRunNamesEveryMutantWhoseEditsNoLongerApply() {
        EditFailure failure = assertThrows(EditFailure.class, () -> copies("""
                mutant OPEN_GONE
                <<<< find
                        return STATE.compareAndSet(this, 0, 2);
                ==== replace
                        return true;
                >>>>
                mutant STILL_THERE
                <<<< find
                        return STATE.compareAndSet(this, 0, 1);
                ==== replace
                        return true;
                >>>>
                mutant CLOSE_GONE
                <<<< find
                        return STATE.compareAndSet(this, 1, 2);
                ==== replace
                        return true;
                >>>>
                """));
        assertTrue(failure.getMessage().contains("mutant Gate/OPEN_GONE"), failure.getMessage());
        assertTrue(failure.getMessage().contains("mutant Gate/CLOSE_GONE"), failure.getMessage());
        assertFalse(failure.getMessage().contains("STILL_THERE"), failure.getMessage());
    }

    @Test
    void editsApplyInOrderEachToWhatTheOneBeforeLeft() {
        Map<String, String> copies = copies("""
                mutant TWO_STEPS
                <<<< find
                        return STATE.compareAndSet(this, 0, 1);
                ==== replace
                        return step();
                >>>>
                <<<< find
                        return step();
                ==== replace
                        return step(); // found: the first edit made this line
                >>>>
                """);
        assertTrue(copies.get("org.example.stress.mutant.two_steps.Gate").contains("return step(); // found"));
    }

    @Test
    void aScriptThatDoesNotParseSaysWhere() {
        EditFailure unterminated = assertThrows(EditFailure.class, () -> script("""
                mutant BROKEN
                <<<< find
                        return true;
                """));
        assertTrue(unterminated.getMessage().startsWith("Gate.mutants:6: mutant BROKEN"), unterminated.getMessage());

        EditFailure noEdit = assertThrows(EditFailure.class, () -> script("mutant EMPTY\n"));
        assertTrue(noEdit.getMessage().contains("mutant EMPTY has no edit"), noEdit.getMessage());

        EditFailure control = assertThrows(EditFailure.class, () -> script("mutant CONTROL\n"));
        assertTrue(control.getMessage().contains("not 'CONTROL'"), control.getMessage());
    }

    @Test
    void theGeneratorWritesEveryCopyIntoACleanedDirectory(@TempDir Path dir) throws IOException {
        Path scripts = Files.createDirectories(dir.resolve("mutants"));
        Files.writeString(scripts.resolve("Gate.mutants"), HEADER + """
                mutant OPEN_WITHOUT_CAS
                <<<< find
                        return STATE.compareAndSet(this, 0, 1);
                ==== replace
                        return true;
                >>>>
                """);
        Path sources = dir.resolve("core");
        Files.createDirectories(sources.resolve("org/example/core"));
        Files.writeString(sources.resolve("org/example/core/Gate.java"), MACHINE);
        Path drivers = dir.resolve("stress");
        Files.createDirectories(drivers.resolve("org/example/stress"));
        Files.writeString(drivers.resolve("org/example/stress/RealGate.java"), DRIVER);
        Path out = dir.resolve("out");
        Path stale = out.resolve("org/example/stress/mutant/gone/Gate.java");
        Files.createDirectories(stale.getParent());
        Files.writeString(stale, "a mutant whose script entry was removed");

        assertEquals(4, MutantGenerator.generateAll(scripts, sources, drivers, out));
        assertTrue(Files.isRegularFile(out.resolve("org/example/stress/mutant/open_without_cas/Gate.java")));
        assertTrue(Files.isRegularFile(out.resolve("org/example/stress/mutant/control/RealGate.java")));
        assertFalse(Files.exists(stale));
    }
}
