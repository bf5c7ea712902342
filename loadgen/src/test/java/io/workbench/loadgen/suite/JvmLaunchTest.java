package io.workbench.loadgen.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmLaunchTest {

    private final JvmLaunch launch = new JvmLaunch("/jdk/bin/java", 25, "/t.jar", "/l.jar");

    @Test
    void theGeneratorRunsOnC1AloneSoNoTopTierCompilationTakesItsCoreInAMeasuredPhase() {
        assertTrue(launch.loadFlags().containsAll(List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-XX:TieredStopAtLevel=1")),
                launch.loadFlags().toString());
        List<String> command = launch.loadCommand(List.of("URL"));
        assertEquals("/jdk/bin/java", command.getFirst());
        assertTrue(command.indexOf("-XX:TieredStopAtLevel=1") < command.indexOf(JvmLaunch.LOAD_MAIN), command.toString());
        assertEquals(List.of(JvmLaunch.LOAD_MAIN, "URL"), command.subList(command.size() - 2, command.size()));
    }

    @Test
    void theTargetKeepsBothCompilersAsTheStudyRanIt() {
        assertFalse(launch.targetFlags().stream().anyMatch(flag -> flag.startsWith("-XX:TieredStopAtLevel")), launch.targetFlags().toString());
        List<String> command = launch.targetCommand(new TargetId("iocore", "sync"), Path.of("/d"));
        assertFalse(command.stream().anyMatch(flag -> flag.startsWith("-XX:TieredStopAtLevel")), command.toString());
    }
}
