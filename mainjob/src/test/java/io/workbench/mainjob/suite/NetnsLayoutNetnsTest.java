package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.results.Environment;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What {@code --network netns} would run, checked as command lines: nothing here executes, so it
 * runs anywhere, root or not.
 */
class NetnsLayoutNetnsTest {

    private final NetnsLayout plain = new NetnsLayout(4242, null);

    @Test
    void theNamespacesAreNamedAfterTheRunnersPid() {
        assertEquals("wb-target-4242", plain.targetNamespace());
        assertEquals("wb-gen-4242", plain.loadNamespace());
        assertEquals(List.of("ip", "netns", "exec", "wb-target-4242"), plain.inTarget());
        assertEquals(List.of("ip", "netns", "exec", "wb-gen-4242"), plain.inLoad());
    }

    @Test
    void everyStepAfterTheNamespacesNamesOneOfThemSoTheRootNamespaceIsNeverTouched() {
        List<List<String>> setup = plain.setup();
        assertEquals(List.of("ip", "netns", "add", "wb-target-4242"), setup.get(0), "the first step is the permission test");
        assertEquals(List.of("ip", "netns", "add", "wb-gen-4242"), setup.get(1));
        for (List<String> step : setup.subList(2, setup.size())) {
            assertEquals("-n", step.get(1), String.join(" ", step));
            assertTrue(step.get(2).equals("wb-target-4242") || step.get(2).equals("wb-gen-4242"), String.join(" ", step));
        }
        assertTrue(setup.contains(List.of("ip", "-n", "wb-target-4242", "link", "add", "wbt0", "type", "veth", "peer", "name", "wbg0",
                "netns", "wb-gen-4242")), "the peer is created straight in the generator's namespace");
        assertTrue(setup.contains(List.of("ip", "-n", "wb-target-4242", "addr", "add", "169.254.231.1/30", "dev", "wbt0")));
        assertTrue(setup.contains(List.of("ip", "-n", "wb-gen-4242", "addr", "add", "169.254.231.2/30", "dev", "wbg0")));
        for (String[] up : new String[][] {{"wb-target-4242", "lo"}, {"wb-target-4242", "wbt0"}, {"wb-gen-4242", "lo"}, {"wb-gen-4242", "wbg0"}}) {
            assertTrue(setup.contains(List.of("ip", "-n", up[0], "link", "set", up[1], "up")), up[0] + " " + up[1]);
        }
        assertFalse(setup.stream().anyMatch(step -> step.getFirst().equals("tc")), "no shaping unless asked");
    }

    @Test
    void shapingPutsATokenBucketOnBothVethEnds() {
        NetnsLayout shaped = new NetnsLayout(7, ShapeRate.parse("100mbit"));
        List<List<String>> tc = shaped.setup().stream().filter(step -> step.getFirst().equals("tc")).toList();
        assertEquals(List.of(
                List.of("tc", "-n", "wb-target-7", "qdisc", "add", "dev", "wbt0", "root", "tbf", "rate", "100000000bit", "burst", "125000",
                        "latency", "50ms"),
                List.of("tc", "-n", "wb-gen-7", "qdisc", "add", "dev", "wbg0", "root", "tbf", "rate", "100000000bit", "burst", "125000",
                        "latency", "50ms")), tc);
        assertTrue(shaped.description().contains("shaped with tbf to 100 Mbit/s each way"), shaped.description());
    }

    @Test
    void shapeRatesParseInTcsUnitsAndKeepAMinimumBurst() {
        assertEquals(1_000_000_000L, ShapeRate.parse("1gbit").bitsPerSecond());
        assertEquals(2_500_000_000L, ShapeRate.parse("2.5Gbit").bitsPerSecond());
        assertEquals(5_000_000L, ShapeRate.parse("5000kbit").bitsPerSecond());
        assertEquals(32 * 1024, ShapeRate.parse("10mbit").burstBytes(), "10 ms of 10 Mbit/s is under the 32 KiB floor");
        assertThrows(IllegalArgumentException.class, () -> ShapeRate.parse("fast"));
        assertThrows(IllegalArgumentException.class, () -> ShapeRate.parse("100mb"));
        assertThrows(IllegalArgumentException.class, () -> ShapeRate.parse("10kbit"), "below 1 Mbit/s");
    }

    @Test
    void teardownDeletesBothNamespaces() {
        assertEquals(List.of(List.of("ip", "netns", "del", "wb-target-4242"), List.of("ip", "netns", "del", "wb-gen-4242")),
                plain.teardown());
    }

    @Test
    void theRouteCheckAsksTheGeneratorsNamespace() {
        assertEquals(List.of("ip", "-n", "wb-gen-4242", "route", "get", "169.254.231.1"), plain.routeCheck());
    }

    @Test
    void aDirectRouteOverTheVethPasses() {
        assertEquals(Optional.empty(), RouteCheck.problem("169.254.231.1 dev wbg0 src 169.254.231.2 uid 0 \n    cache \n",
                "169.254.231.1", "wbg0"));
    }

    @Test
    void anyOtherRouteIsRefusedSayingWhy() {
        assertTrue(RouteCheck.problem("169.254.231.1 via 10.0.0.1 dev wbg0 src 10.0.0.2 uid 0\n", "169.254.231.1", "wbg0")
                .orElseThrow().contains("gateway"));
        assertTrue(RouteCheck.problem("169.254.231.1 dev eth0 src 10.1.2.3 uid 0\n", "169.254.231.1", "wbg0")
                .orElseThrow().contains("does not leave by wbg0"));
        assertTrue(RouteCheck.problem("local 169.254.231.1 dev lo src 169.254.231.1 uid 0\n", "169.254.231.1", "wbg0")
                .orElseThrow().contains("no route"));
        assertTrue(RouteCheck.problem("", "169.254.231.1", "wbg0").orElseThrow().contains("no route"));
        assertTrue(RouteCheck.problem("169.254.231.1 dev\n", "169.254.231.1", "wbg0").isPresent());
    }

    @Test
    void targetAndGeneratorRunInTheirNamespacesPinnedWithTheTargetOnTheVethAddress() {
        JvmLaunch launch = new JvmLaunch("/jdk/bin/java", 25, "/t.jar", "/l.jar");
        Pinning pinning = new Pinning(new Environment.Pinning(true, "0", "1", "two CPUs"));
        NetnsNetwork network = new NetnsNetwork(plain, launch, pinning, Path.of("/tmp/relay.stderr"));

        List<String> target = LaunchLines.target(network, pinning, launch, TargetId.parse("jetty:sync"), Path.of("/out/jetty_sync"));
        assertEquals(List.of("ip", "netns", "exec", "wb-target-4242", "taskset", "-c", "0", "/jdk/bin/java"), target.subList(0, 8));
        assertEquals(List.of("--host", "169.254.231.1"), target.subList(target.size() - 2, target.size()));
        assertTrue(target.contains(JvmLaunch.TARGET_MAIN));

        List<String> generator = LaunchLines.generator(network, pinning, launch);
        assertEquals(List.of("ip", "netns", "exec", "wb-gen-4242", "taskset", "-c", "1", "/jdk/bin/java"), generator.subList(0, 8));
        assertEquals(JvmLaunch.GENERATOR_MAIN, generator.getLast());
        assertEquals(1, network.sourceAddresses(), "no 127.0.0.x binding towards the veth address");
        assertTrue(network.description().startsWith("netns: target in namespace wb-target-4242 listening on 169.254.231.1"));
    }

    @Test
    void loopbackAddsNothingButItsSourceAddresses() {
        JvmLaunch launch = new JvmLaunch("/jdk/bin/java", 25, "/t.jar", "/l.jar");
        Pinning pinning = new Pinning(new Environment.Pinning(true, "0", "1", "two CPUs"));
        LoopbackNetwork loopback = new LoopbackNetwork(8);
        List<String> target = LaunchLines.target(loopback, pinning, launch, TargetId.parse("jetty:sync"), Path.of("/out/jetty_sync"));
        assertEquals(List.of("taskset", "-c", "0", "/jdk/bin/java"), target.subList(0, 4));
        assertFalse(target.contains("--host"));
        assertEquals(8, loopback.sourceAddresses());
        assertTrue(loopback.description().startsWith("loopback: "));
    }

    @Test
    void theRelaysCommandRunsInTheGivenPrefixAndItsLinesRoundTrip() {
        JvmLaunch launch = new JvmLaunch("/jdk/bin/java", 25, "/t.jar", "/l.jar");
        List<String> command = RelayStatsTransport.command(List.of("ip", "netns", "exec", "wb-gen-1", "taskset", "-c", "1"), launch,
                "http://169.254.231.1:8080");
        assertEquals(List.of("ip", "netns", "exec", "wb-gen-1", "taskset", "-c", "1", "/jdk/bin/java"), command.subList(0, 8));
        assertEquals(List.of("-cp", "/l.jar", StatsRelay.class.getName(), "http://169.254.231.1:8080"),
                command.subList(command.size() - 4, command.size()));
        StatsTransport.Answer answer = new StatsTransport.Answer(200, "{\"started\":1,\n\"inFlight\":0}");
        assertEquals(Optional.of(answer), StatsRelay.decode(StatsRelay.encode(Optional.of(answer))));
        assertEquals(StatsRelay.NONE, StatsRelay.encode(Optional.empty()));
        assertEquals(Optional.empty(), StatsRelay.decode(StatsRelay.NONE));
        assertEquals(Optional.empty(), StatsRelay.decode(null), "a relay that died answers nothing");
        assertEquals(2, StatsRelay.run(new String[0]), "no target: a wrong command line");
        assertEquals(2, StatsRelay.run(new String[] {"http://a:1", "http://b:2"}), "one target only");
        assertEquals(0, StatsRelay.run(new String[] {"--help"}));
    }
}
