package io.workbench.hyperfoil.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.api.config.Model;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.core.parser.BenchmarkParser;
import io.hyperfoil.http.config.HttpPluginConfig;
import io.workbench.mainjob.suite.Preset;
import io.workbench.mainjob.suite.Profile;
import io.workbench.mainjob.suite.Scenario;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Every scenario of every profile, exported, is read back by Hyperfoil's own parser as the scenario it came from. */
class ExportParsesTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080");

    static Benchmark parse(String yaml) throws Exception {
        return BenchmarkParser.instance().buildBenchmark(new java.io.ByteArrayInputStream(yaml.getBytes(java.nio.charset.StandardCharsets.UTF_8)), BenchmarkData.EMPTY, Map.of());
    }

    @Test
    void everyScenarioOfEveryProfileParsesAsItself() throws Exception {
        for (Profile profile : Profile.values()) {
            for (Scenario scenario : Scenario.values()) {
                String yaml = ExportCommand.export(scenario, profile, TARGET, null, List.of());
                Benchmark benchmark;
                try {
                    benchmark = parse(yaml);
                } catch (Exception failed) {
                    throw new AssertionError(profile + "/" + scenario + " does not parse:\n" + yaml, failed);
                }
                Preset preset = profile.preset(scenario);
                Map<String, Phase> phases = benchmark.phases().stream().collect(Collectors.toMap(Phase::name, p -> p));
                String first = preset.repetitions() > 1 ? scenario.cliName() + "/000" : scenario.cliName();
                Phase measured = phases.get(first);
                assertTrue(measured != null, profile + "/" + scenario + ": no phase " + first + " in " + phases.keySet());
                assertEquals(!preset.allAtOnce(), measured.model instanceof Model.ConstantRate, profile + "/" + scenario);
                if (measured.model instanceof Model.ConstantRate rate) {
                    assertEquals(preset.rate(), rate.usersPerSec, 1e-9);
                    assertTrue(rate.variance, "exponential arrivals are Hyperfoil's variance");
                    assertEquals(preset.expectedConnections(), rate.maxSessions);
                    assertEquals(Math.round(preset.requests() / preset.rate() * 1000), measured.duration(),
                            "the requests at the rate take this long");
                } else {
                    assertEquals(preset.requests(), ((Model.AtOnce) measured.model).users);
                }
                if (preset.hasWarmup()) {
                    Phase warmup = phases.get("warmup");
                    assertTrue(warmup.isWarmup);
                    assertEquals(preset.warmupConnections(), ((Model.Always) warmup.model).users);
                    assertTrue(measured.startAfter().contains("warmup"), "the scenario starts after its warm-up");
                }
                if (preset.repetitions() > 1) {
                    Phase second = phases.get(scenario.cliName() + "/001");
                    assertTrue(second.startAfterStrict().contains(first), "each repetition after the one before has ended (Hyperfoil adds it): " + second.startAfterStrict());
                    assertTrue(phases.containsKey(scenario.cliName() + "/" + String.format("%03d", preset.repetitions() - 1)));
                }
                HttpPluginConfig http = benchmark.plugin(HttpPluginConfig.class);
                var httpConfig = http.defaultHttp();
                assertEquals("127.0.0.1", httpConfig.host());
                assertEquals(8080, httpConfig.port());
                assertEquals(BenchmarkPlan.of(preset, TARGET, null, List.of()).sharedConnections(), httpConfig.sharedConnections().core());
                assertTrue(yaml.contains("GET: \"" + preset.path() + "\""));
            }
        }
    }

    @Test
    void twoAgentsShareTheRateAsHyperfoilDividesIt() throws Exception {
        List<Agent> agents = Agent.parseList("agent-1=gen1.example,agent-2=user@gen2.example:2222");
        Preset preset = Profile.STANDARD.preset(Scenario.HIGH_CONCURRENCY);
        Benchmark benchmark = parse(ExportCommand.export(Scenario.HIGH_CONCURRENCY, Profile.STANDARD, TARGET, 2, agents));
        assertEquals(2, benchmark.agents().length);
        Model.ConstantRate model = (Model.ConstantRate) benchmark.phases().stream()
                .filter(p -> p.name().equals("high-concurrency/000")).findFirst().orElseThrow().model;
        AgentShares shares = new AgentShares(2, 2);
        double rateSum = 0;
        long sessionSum = 0;
        for (int agent = 0; agent < 2; agent++) {
            // Hyperfoil's own division, through the parsed benchmark, and the export's, agree.
            assertEquals(benchmark.slice(model.usersPerSec, agent), shares.rate(model.usersPerSec, agent), 1e-9);
            assertEquals(benchmark.slice(model.maxSessions, agent), shares.count(model.maxSessions, agent));
            rateSum += benchmark.slice(model.usersPerSec, agent);
            sessionSum += benchmark.slice(model.maxSessions, agent);
        }
        assertEquals(preset.rate(), rateSum, 1e-9, "the agents' rates add up to the scenario's");
        assertEquals(preset.expectedConnections(), sessionSum, "and so do their sessions");
    }

    @Test
    void oddCountsAreSplitWithoutLosingOne() {
        AgentShares shares = new AgentShares(3, 1);
        assertEquals(1165, shares.count(1165, 0) + shares.count(1165, 1) + shares.count(1165, 2));
        assertEquals(List.of(388L, 388L, 389L), List.of(shares.count(1165, 0), shares.count(1165, 1), shares.count(1165, 2)));
    }
}
