package io.workbench.mainjob.suite;

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
        List<String> command = launch.generatorCommand();
        assertEquals("/jdk/bin/java", command.getFirst());
        assertTrue(command.indexOf("-XX:TieredStopAtLevel=1") < command.indexOf(JvmLaunch.GENERATOR_MAIN), command.toString());
        assertEquals(List.of("-cp", "/l.jar", JvmLaunch.GENERATOR_MAIN), command.subList(command.size() - 3, command.size()));
    }

    @Test
    void theUsersFlagsFromTheEnvironmentComeLastInEachJvm_soTheyOverrideTheSuitesOwn() {
        JvmLaunch withFlags = new JvmLaunch("/jdk/bin/java", 25, "/t.jar", "/l.jar", JvmLaunch.flags(" -XX:+UseG1GC  -Xmx8g "),
                JvmLaunch.flags("-XX:TieredStopAtLevel=4"));
        List<String> load = withFlags.generatorCommand();
        assertEquals("-XX:TieredStopAtLevel=4", load.get(load.indexOf("-cp") - 1), load.toString());
        assertTrue(load.indexOf("-XX:TieredStopAtLevel=1") < load.indexOf("-XX:TieredStopAtLevel=4"), load.toString());
        assertEquals(List.of("-XX:+UseG1GC", "-Xmx8g"), withFlags.targetFlags().subList(withFlags.targetFlags().size() - 2,
                withFlags.targetFlags().size()));
        List<String> target = withFlags.targetCommand(new TargetId("iocore", "sync"), Path.of("/d"));
        assertEquals(List.of("-XX:+UseG1GC", "-Xmx8g", "-cp"), target.subList(target.indexOf("-cp") - 2, target.indexOf("-cp") + 1));
        assertTrue(target.indexOf("-Xmx4g") < target.indexOf("-Xmx8g"), target.toString());
        // The recorded flags are the ones the JVMs get; with none given, nothing is added.
        assertFalse(launch.loadFlags().contains("-XX:TieredStopAtLevel=4"));
        assertFalse(launch.targetFlags().contains("-Xmx8g"));
    }

    @Test
    void theEnvironmentsFlagsAreSplitOnWhitespace_noneWhenUnsetOrBlank() {
        assertEquals(List.of(), JvmLaunch.flags(null));
        assertEquals(List.of(), JvmLaunch.flags(" \t "));
        assertEquals(List.of("-Xlog:gc", "-XX:+PrintCompilation"), JvmLaunch.flags("\t-Xlog:gc \n -XX:+PrintCompilation "));
    }

    @Test
    void theTargetKeepsBothCompilersAsTheStudyRanIt() {
        assertFalse(launch.targetFlags().stream().anyMatch(flag -> flag.startsWith("-XX:TieredStopAtLevel")), launch.targetFlags().toString());
        List<String> command = launch.targetCommand(new TargetId("iocore", "sync"), Path.of("/d"));
        assertFalse(command.stream().anyMatch(flag -> flag.startsWith("-XX:TieredStopAtLevel")), command.toString());
    }
}
