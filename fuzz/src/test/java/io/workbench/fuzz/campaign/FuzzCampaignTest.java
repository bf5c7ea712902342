package io.workbench.fuzz.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a campaign makes of its child's output, and the child it starts (the child itself is not run here). */
class FuzzCampaignTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private FuzzCampaign campaign(FuzzTarget target, boolean survey) {
        return new FuzzCampaign(target, Duration.ofMinutes(30), Path.of("/tmp/out"), Path.of("/tmp/module"), "cp",
                new PrintStream(printed, true, StandardCharsets.UTF_8), false, survey);
    }

    @Test
    void theChildFuzzesTheTargetForTheMinutesAskedIntoTheCampaignCorpus() {
        List<String> command = campaign(FuzzTarget.DIFF, true).command(Path.of("/tmp/out/corpus"));
        assertTrue(command.containsAll(List.of("-DJAZZER_FUZZ=1", "-Dfuzz.diff.survey=/tmp/out/survey", "-Djazzer.internal.arg.1=/tmp/out/corpus",
                "-Djazzer.internal.arg.2=-max_total_time=1800", "-Djazzer.internal.arg.3=-timeout=10")), command::toString);
        assertEquals(List.of(FuzzRun.class.getName(), "io.workbench.fuzz.DifferentialFuzzTest", "diff"), command.subList(command.size() - 3, command.size()));
        assertTrue(campaign(FuzzTarget.REQUEST, false).command(Path.of("c")).contains("-Dfuzz.diff.survey="));
    }

    @Test
    void aFindingIsCountedAndShownAtOnce() {
        FuzzCampaign campaign = campaign(FuzzTarget.REQUEST, false);
        Instant start = Instant.now();
        campaign.read("#1048576\tpulse  cov: 912 ft: 4548 corp: 602/164Kb lim: 3863 exec/s: 31775 rss: 829Mb", start);
        campaign.read(FuzzRun.STATS + "1000", start);
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "no progress line before a minute has passed (not a terminal)");
        campaign.read("artifact_prefix='/x/'; Test unit written to /x/crash-abc", start);
        String line = printed.toString(StandardCharsets.UTF_8);
        assertTrue(line.contains("executions 1,000") && line.contains("corpus 602 (167,936 B)") && line.contains("coverage 912 edges, 4,548 features")
                && line.contains("findings 1"), line);
    }

    @Test
    void targetsAreNamedAsTheCommandLineNamesThem() {
        assertEquals(FuzzTarget.RESPONSE, FuzzTarget.of("response"));
        assertEquals("src/test/resources/io/workbench/fuzz/RequestParserFuzzTestInputs/request", FuzzTarget.REQUEST.inputsDirectory());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> FuzzTarget.of("parser"));
        assertTrue(unknown.getMessage().contains("request, response, diff"), unknown.getMessage());
    }

    @Test
    void theClockShowsMinutesAndSeconds() {
        assertEquals("30:00", FuzzCampaign.clock(Duration.ofMinutes(30)));
        assertEquals("0:07", FuzzCampaign.clock(Duration.ofSeconds(7)));
    }
}
