package io.workbench.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.stress.harness.StressCheck;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/** {@code ./workbench stress}'s command line, as picocli parses it: its own options, and what goes on to jcstress. */
class StressCampaignOptionsTest {

    @Test
    void itsOwnOptionsAreItsAndEveryOtherArgumentGoesToJcstress() {
        StressCampaign.Options options = StressCampaign.Options.parse("--results", "/a", "-t", "IteratingCallback", "-m", "tough",
                "--results", "/b", "-f", "3", "--matrix");

        assertEquals(Path.of("/b"), options.results, "the launcher's --results first, the user's after: the last wins");
        assertEquals("IteratingCallback", options.test);
        assertEquals(StressCheck.Scope.MATRIX, options.scope());
        assertEquals(List.of("-m", "tough", "-f", "3"), options.jcstressArgs);
    }

    @Test
    void theDefaults() {
        StressCampaign.Options options = StressCampaign.Options.parse();
        assertEquals(Path.of("results"), options.results);
        assertEquals(StressCheck.Scope.MUTANTS, options.scope());
        assertEquals(List.of(), options.jcstressArgs);
        assertEquals(StressCheck.Scope.REAL, StressCampaign.Options.parse("--real-only").scope());
    }

    @Test
    void aWrongCommandLineIsRefusedSayingWhy() {
        assertRefused("-t ([: ", "-t", "([");
        assertRefused("--ci runs the CI effort; it takes no jcstress options", "--ci", "-m", "tough");
        assertRefused("--real-only and --matrix exclude each other", "--real-only", "--matrix");
        assertRefused("Missing required parameter", "--results");
    }

    private static void assertRefused(String why, String... args) {
        ParameterException refused = assertThrows(ParameterException.class, () -> StressCampaign.Options.parse(args));
        assertTrue(refused.getMessage().contains(why), refused.getMessage());
    }
}
