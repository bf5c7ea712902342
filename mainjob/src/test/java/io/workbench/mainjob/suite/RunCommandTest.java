package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad options are refused with exit status 2 and one line that names the problem, before anything starts. */
class RunCommandTest {

    private record Ran(int exit, String stderr) {
    }

    private static Ran run(Path out, String... options) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = new String[options.length + 4];
        System.arraycopy(options, 0, args, 0, options.length);
        System.arraycopy(new String[] {"--target-classpath", "unused", "--out", out.toString()}, 0, args, options.length, 4);
        int exit = RunCommand.commandLine(new PrintStream(err, true, StandardCharsets.UTF_8), args).execute(args);
        return new Ran(exit, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anUnknownProfileScenarioOrTargetIsRefusedNamingIt(@TempDir Path dir) {
        Ran profile = run(dir.resolve("a"), "--profile", "huge");
        assertEquals(2, profile.exit());
        assertTrue(profile.stderr().contains("unknown profile 'huge'"), profile.stderr());

        Ran scenario = run(dir.resolve("b"), "--scenarios", "overhead,marathon");
        assertEquals(2, scenario.exit());
        assertTrue(scenario.stderr().contains("unknown scenario 'marathon'"), scenario.stderr());

        Ran target = run(dir.resolve("c"), "--targets", "jetty");
        assertEquals(2, target.exit());
        assertTrue(target.stderr().contains("server:strategy"), target.stderr());
        assertFalse(Files.exists(dir.resolve("c")), "nothing was started or written");
    }

    @Test
    void outOfRangeNumbersAndAnUnknownNetworkAreRefused(@TempDir Path dir) {
        assertEquals(2, run(dir.resolve("a"), "--repeat", "0").exit());
        assertEquals(2, run(dir.resolve("b"), "--scale", "2").exit());
        Ran unknown = run(dir.resolve("c"), "--network", "wifi");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.stderr().contains("unknown --network 'wifi' (known: loopback, netns)"), unknown.stderr());
    }

    /** Checked before any namespace is built: these runs never reach ip. */
    @Test
    void shapingIsRefusedOnLoopbackAndWhenItsRateDoesNotParse(@TempDir Path dir) {
        Ran loopback = run(dir.resolve("a"), "--shape-rate", "1gbit");
        assertEquals(2, loopback.exit());
        assertTrue(loopback.stderr().contains("--shape-rate shapes the veth pair of --network netns"), loopback.stderr());
        Ran garbled = run(dir.resolve("b"), "--network", "netns", "--shape-rate", "fast");
        assertEquals(2, garbled.exit());
        assertTrue(garbled.stderr().contains("--shape-rate 'fast'"), garbled.stderr());
        assertFalse(Files.exists(dir.resolve("b")), "nothing was started or written");
    }

    @Test
    void aDirectoryThatAlreadyHoldsARunIsNotOverwritten(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.json"), "{}");

        Ran again = run(dir, "--targets", "iocore:sync", "--scenarios", "overhead");

        assertEquals(2, again.exit());
        assertTrue(again.stderr().contains("already holds a run"), again.stderr());
    }
}
