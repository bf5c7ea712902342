package io.workbench.stress;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.stress.build.MutantGenerator.Script;
import io.workbench.stress.harness.Bug;
import io.workbench.stress.harness.Machine;
import io.workbench.stress.harness.Mutant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.infra.runners.TestList;

/** The catalog's rules, checked without running jcstress: they hold before a minute of CPU is spent. */
class CatalogTest {

    /** The jcstress tests compiled into this module, as jcstress itself finds them. */
    private static final Set<String> COMPILED_TESTS = new TreeSet<>(TestList.tests());

    @Test
    void everyRegisteredTestIsACompiledJcstressTest() {
        for (Machine machine : Catalog.MACHINES) {
            for (Class<?> test : machine.tests()) {
                assertTrue(COMPILED_TESTS.contains(test.getName()),
                        () -> test.getName() + " is registered for " + machine.name() + " but is no jcstress test");
            }
        }
    }

    @Test
    void everyJcstressTestInAMachinesPackageIsRegistered() {
        for (Machine machine : Catalog.MACHINES) {
            Set<String> packages = new HashSet<>();
            machine.tests().forEach(t -> packages.add(t.getPackageName()));
            for (String test : COMPILED_TESTS) {
                String pkg = test.substring(0, test.lastIndexOf('.'));
                if (packages.contains(pkg)) {
                    assertTrue(machine.tests().stream().anyMatch(t -> t.getName().equals(test)),
                            () -> test + " is in " + machine.name() + "'s package but not in the catalog");
                }
            }
        }
    }

    @Test
    void everyTestMustCatchAMutant() {
        for (Machine machine : Catalog.MACHINES) {
            for (Class<?> test : machine.tests()) {
                assertFalse(machine.mutantsCaughtBy(test).isEmpty(),
                        () -> test.getSimpleName() + " must catch at least one mutant of " + machine.name()
                                + ": a test no mutant can fail is not a test");
            }
        }
    }

    @Test
    void everyBugOfAMachineIsRegisteredOnce() {
        for (Machine machine : Catalog.MACHINES) {
            assertFalse(machine.mutants().isEmpty(), machine.name() + " has no mutant");
            Set<Class<?>> bugTypes = new HashSet<>();
            machine.mutants().forEach(m -> bugTypes.add(((Enum<?>) m.bug()).getDeclaringClass()));
            assertEquals(1, bugTypes.size(), machine.name() + "'s bugs come from one enum");
            List<Bug> declared = List.of((Bug[]) bugTypes.iterator().next().getEnumConstants());
            assertEquals(declared, machine.mutants().stream().map(Mutant::bug).toList(),
                    machine.name() + ": register every bug, once, in declaration order");
        }
    }

    @Test
    void everyMutantIsGeneratedFromItsMachinesScriptAndEveryScriptedOneIsRegistered() throws IOException {
        Map<String, Script> scripts = new HashMap<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/mutants"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".mutants")).toList()) {
                Script script = Script.parse(file.getFileName().toString(), Files.readString(file));
                assertEquals(script.machine() + ".mutants", file.getFileName().toString(), "a script is named after its machine");
                scripts.put(script.machine(), script);
            }
        }
        for (Machine machine : Catalog.MACHINES) {
            Script script = scripts.remove(machine.name());
            assertTrue(script != null, () -> machine.name() + " has no script in src/main/mutants");
            Class<?> bugs = ((Enum<?>) machine.mutants().get(0).bug()).getDeclaringClass();
            assertEquals(bugs.getPackageName(), script.packageName(),
                    machine.name() + "'s copies go beside its bug enum, where the harness looks for them");
            assertEquals(machine.mutants().stream().map(m -> m.bug().name()).toList(), List.copyOf(script.mutants().keySet()),
                    machine.name() + ": the script has one mutant per registered bug, in the same order");
            String simpleName = script.className().substring(script.className().lastIndexOf('.') + 1);
            for (String bug : Stream.concat(Stream.of((String) null), script.mutants().keySet().stream()).toList()) {
                String copy = script.packageOf(bug) + "." + simpleName;
                assertDoesNotThrow(() -> Class.forName(copy, false, getClass().getClassLoader()), copy + " was not generated");
            }
        }
        assertTrue(scripts.isEmpty(), () -> "scripts of machines the catalog does not register: " + scripts.keySet());
    }

    @Test
    void machineNamesAreDistinct() {
        Set<String> names = new HashSet<>();
        Catalog.MACHINES.forEach(m -> assertTrue(names.add(m.name()), "two machines named " + m.name()));
    }
}
