package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.workbench.mainjob.report.MarkdownReport;
import io.workbench.mainjob.report.ResultsJson;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --network netns} for real, where network namespaces may be created (root; skipped
 * elsewhere): the overhead scenario, once, on one target, with every count cut to 1/100 and the
 * veth shaped, about ten seconds. Checks that the results exist, that /stats was read through the
 * relay, that the report names the network, and that both namespaces are gone afterwards.
 */
class SuiteRunNetnsTest {

    @BeforeAll
    static void namespacesArePermitted() {
        assumeTrue(Pinning.findOnPath("ip") != null && Pinning.findOnPath("tc") != null, "ip and tc are not installed");
        assumeTrue(NetnsNetwork.effectiveUid().orElse(-1L) == 0, "network namespaces need root");
        // A container may be root without CAP_SYS_ADMIN: try once, with a name of our own, and clean up.
        String probe = "wb-probe-" + ProcessHandle.current().pid();
        boolean permitted = NetnsNetwork.exec(List.of("ip", "netns", "add", probe)).exit() == 0;
        NetnsNetwork.exec(List.of("ip", "netns", "del", probe));
        assumeTrue(permitted, "ip netns add is not permitted here");
    }

    @Test
    void oneTargetRunsInItsNamespaceAndNothingIsLeftAfterwards(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("run");
        String classpath = System.getProperty("java.class.path");
        JvmLaunch launch = JvmLaunch.current(classpath, classpath);
        List<String> command = new ArrayList<>();
        command.add(launch.java());
        command.addAll(launch.loadFlags());
        command.addAll(List.of("-cp", classpath, RunCommand.class.getName(),
                "--target-classpath", classpath, "--results-root", temp.resolve("results").toString(),
                "--network", "netns", "--shape-rate", "1gbit", "--targets", "iocore:async-complete", "--scenarios", "overhead",
                "--repeat", "1", "--scale", "0.01", "--out", out.toString()));
        Process process = new ProcessBuilder(command)
                .redirectOutput(temp.resolve("run.stdout").toFile())
                .redirectError(temp.resolve("run.stderr").toFile())
                .start();
        NetnsLayout layout = new NetnsLayout(process.pid(), null);
        try {
            if (!process.waitFor(90, TimeUnit.SECONDS)) {
                process.destroy();
                process.waitFor(30, TimeUnit.SECONDS);
                throw new AssertionError("the run took over 90 s: " + read(temp.resolve("run.stderr")));
            }
            assertEquals(0, process.exitValue(), () -> "run failed: " + read(temp.resolve("run.stderr")));

            RunResults results = ResultsJson.readRun(out);
            assertTrue(results.environment().network().startsWith("netns: target in namespace " + layout.targetNamespace()),
                    results.environment().network());
            TargetRun target = results.targets().getFirst();
            assertEquals(TargetRun.Status.OK, target.status(), target.failure());
            assertEquals("http://" + NetnsLayout.TARGET_ADDRESS, target.url().substring(0, target.url().lastIndexOf(':')));
            ScenarioRun overhead = target.scenarios().getFirst();
            assertEquals(ScenarioRun.Status.DONE, overhead.status(), overhead.note());
            Repetition repetition = overhead.repetitions().getFirst();
            assertNotNull(repetition.summary(), repetition.failure());
            assertTrue(repetition.summary().requests().ok() > 0, "requests went over the veth");
            assertTrue(Files.exists(out.resolve(repetition.dir()).resolve("summary.json")));
            assertNotNull(repetition.statsAfter(), "the relay in the generator's namespace read the target's /stats");
            assertTrue(repetition.statsAfter().completed() >= repetition.summary().requests().ok());
            String command1 = Files.readString(out.resolve(repetition.dir()).resolve("command.txt"));
            assertTrue(command1.startsWith("ip netns exec " + layout.loadNamespace() + " "), command1);

            String md = Files.readString(out.resolve(MarkdownReport.FILE_NAME));
            assertTrue(md.contains("| Network | netns: "), "report.md names the network mode");
            assertTrue(md.contains("shaped with tbf to 1 Gbit/s"), "and the shaping");
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
            // Whatever happened above, leave nothing behind; and say if the run itself did not clean up.
            boolean left = NetnsNetwork.anyLeft(layout);
            layout.teardown().forEach(NetnsNetwork::exec);
            assertFalse(left, "ip netns list still shows " + layout.targetNamespace() + " or " + layout.loadNamespace());
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "(unreadable: " + unreadable + ")";
        }
    }
}
