package io.workbench.jmh.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/** {@code ./workbench jmh}'s command line, as picocli parses it: its own options, and what goes on to JMH's parser. */
class BenchmarkSuiteOptionsTest {

    @Test
    void theResultsDirectoryAndThePresetAreItsAndEverythingElseGoesToJmh() {
        BenchmarkSuite.Options options = BenchmarkSuite.Options.parse("--results=/r", "CallbackPatternsBenchmark.task",
                "-p", "operations=1024", "-prof", "gc", "-f", "1");

        assertEquals(Path.of("/r"), options.results, "the launcher writes --results=DIR");
        assertFalse(options.quick);
        assertEquals(List.of("CallbackPatternsBenchmark.task", "-p", "operations=1024", "-prof", "gc", "-f", "1"), options.jmhArgs);
    }

    @Test
    void noArgumentsIsTheDefaultPresetAndQuickTheQuickOne() {
        BenchmarkSuite.Options none = BenchmarkSuite.Options.parse("--results", "/r");
        assertFalse(none.quick);
        assertEquals(List.of(), none.jmhArgs);
        assertTrue(BenchmarkSuite.Options.parse("--results=/r", "--quick").quick);
        assertEquals(List.of("-h"), BenchmarkSuite.Options.parse("-h").jmhArgs, "JMH's own help");
    }

    @Test
    void quickTakesNoOtherArgument() {
        ParameterException refused = assertThrows(ParameterException.class,
                () -> BenchmarkSuite.Options.parse("--quick", "-f", "1"));
        assertTrue(refused.getMessage().contains("--quick takes no other arguments"), refused.getMessage());
    }
}
