package io.workbench.stress.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EffortTest {

    @Test
    void quickModeUnlessTheUserChoosesOne() {
        assertEquals(List.of("-m", "quick", "-c", "2"), Effort.of(List.of("-c", "2")).args());
        assertEquals(List.of("-m", "tough"), Effort.of(List.of("-m", "tough")).args());
    }

    @Test
    void theUsersEffortAddsTheForkFlagsToEveryJvmConfiguration() {
        assertEquals(List.of("-m", "quick", "-jvmArgsPrepend", "-Da=1", "-jvmArgsPrepend", "-Db=2"),
                Effort.of(List.of()).arguments(List.of("-Da=1", "-Db=2")));
    }

    @Test
    void theCiEffortRunsOneJvmConfigurationMadeOfTheForkFlags() {
        List<String> args = Effort.ci().arguments(List.of("-Da=1"));
        assertEquals(List.of("-jvmArgs", "-Da=1"), args.subList(args.size() - 2, args.size()));
        assertTrue(args.containsAll(List.of("-m", "quick")), args::toString);
    }

    @Test
    void theHarnesssOwnOptionsAreRefused() {
        for (String reserved : List.of("-t", "-r", "-p")) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> Effort.of(List.of(reserved, "x")));
            assertTrue(error.getMessage().contains(reserved), error.getMessage());
        }
    }
}
