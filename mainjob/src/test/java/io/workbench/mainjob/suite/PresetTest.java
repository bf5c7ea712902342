package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.results.ScenarioPreset;
import java.util.List;
import org.junit.jupiter.api.Test;

class PresetTest {

    @Test
    void theStudyProfileHoldsTheStudysExactValues() {
        Preset concurrency = Profile.STUDY.preset(Scenario.CONCURRENCY_LEVEL);
        assertEquals(54_000, concurrency.requests());
        assertTrue(concurrency.allAtOnce());

        Preset slow = Profile.STUDY.preset(Scenario.SLOW_REQUESTS);
        assertEquals(List.of(1_000.0, 100_000L, 1_000L), List.of(slow.rate(), slow.requests(), slow.waitMillis()));
        Preset high = Profile.STUDY.preset(Scenario.HIGH_CONCURRENCY);
        assertEquals(List.of(10_000.0, 100_000L, 100L), List.of(high.rate(), high.requests(), high.waitMillis()));
        Preset overhead = Profile.STUDY.preset(Scenario.OVERHEAD);
        assertEquals(List.of(100_000.0, 100_000L, 0L), List.of(overhead.rate(), overhead.requests(), overhead.waitMillis()));
        for (Preset rate : List.of(slow, high, overhead)) {
            assertEquals(1_000, rate.warmupConnections(), "the study's warm-up: 1,000 connections");
            assertEquals(100_000, rate.warmupRequests(), "and 100,000 requests");
            assertEquals(10, rate.repetitions(), "the best of 10 runs");
        }
    }

    @Test
    void everyProfileKeepsTheStudysRatesAndWaitsAndOnlyShortensTheCounts() {
        for (Profile profile : Profile.values()) {
            for (Scenario scenario : Scenario.values()) {
                Preset preset = profile.preset(scenario);
                Preset study = Profile.STUDY.preset(scenario);
                assertEquals(study.rate(), preset.rate(), profile + " " + scenario);
                if (!preset.allAtOnce()) {
                    assertEquals(study.waitMillis(), preset.waitMillis(), profile + " " + scenario);
                }
                assertTrue(preset.requests() <= study.requests(), profile + " " + scenario);
            }
        }
    }

    @Test
    void aRateScenarioOpensTheConnectionsItsWaitKeepsBusyBeforeItsClockStarts() {
        // Little's law: 1,000 req/s x 1 s and 10,000 req/s x 100 ms both keep about 1,000 in flight.
        assertEquals(1100 + Preset.PRECONNECT_SPARE, Profile.STUDY.preset(Scenario.SLOW_REQUESTS).expectedConnections());
        assertEquals(1100 + Preset.PRECONNECT_SPARE, Profile.STUDY.preset(Scenario.HIGH_CONCURRENCY).expectedConnections());
        assertEquals(Preset.PRECONNECT_SPARE, Profile.STUDY.preset(Scenario.OVERHEAD).expectedConnections(), "no wait: the spare only");
        Preset tiny = Profile.STUDY.preset(Scenario.SLOW_REQUESTS).withRequests(10);
        assertEquals(10, tiny.expectedConnections(), "never more connections than requests");
    }

    @Test
    void thePathCarriesTheWaitOrTheStreamSize() {
        assertEquals("/hello?wait=100", Profile.QUICK.preset(Scenario.HIGH_CONCURRENCY).path());
        assertEquals("/stream?bytes=1048576", Profile.QUICK.preset(Scenario.STREAM).path());
    }

    @Test
    void concurrencyLevelWaitsLongEnoughForQueuedRequestsToFinishRatherThanTimeOut() {
        Preset concurrency = Profile.QUICK.preset(Scenario.CONCURRENCY_LEVEL);

        assertTrue(concurrency.timeoutMillis() > 2 * concurrency.waitMillis(),
                "a target that starts half of them finishes the rest in a second round of the hold");
    }

    @Test
    void scalingShortensCountsButKeepsRatesWaitsAndRepetitions() {
        Preset high = Profile.QUICK.preset(Scenario.HIGH_CONCURRENCY);
        Preset scaled = high.scaled(0.01);

        assertEquals(300, scaled.requests());
        assertEquals(high.rate(), scaled.rate());
        assertEquals(high.waitMillis(), scaled.waitMillis());
        assertEquals(high.repetitions(), scaled.repetitions());
        assertEquals(50, scaled.warmupRequests());
        assertEquals(10, high.scaled(0.000001).requests(), "never fewer than 10 requests");
        assertEquals(1_000, Profile.QUICK.preset(Scenario.CONCURRENCY_LEVEL).scaled(0.0001).waitMillis(), "a hold of at least 1 s");
    }

    @Test
    void aPresetWithARateForConcurrencyLevelOrNoneForARateScenarioIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.CONCURRENCY_LEVEL, 10, 10, 0, 0, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.OVERHEAD, 0, 10, 0, 0, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.OVERHEAD, 10, 0, 0, 0, 0, 0, 1));
    }

    @Test
    void theRecordSaysWhatWasSent() {
        ScenarioPreset record = Profile.STANDARD.preset(Scenario.CONCURRENCY_LEVEL).withRequests(19_900).record();

        assertEquals("all-at-once", record.model());
        assertNull(record.rate());
        assertEquals(19_900, record.requests());
        assertEquals("/hello?wait=20000", record.path());
    }

    @Test
    void theQuickProfilePlansWellUnderFifteenMinutes() {
        double seconds = 4 * (SuitePlan.STARTUP_SECONDS + java.util.Arrays.stream(Scenario.values())
                .mapToDouble(scenario -> Profile.QUICK.preset(scenario).estimatedSeconds()).sum());

        assertTrue(seconds < 10 * 60, "planned " + seconds + " s");
        // What fresh clones of the 2-core reference machine took: 419-485 s. The plan, once 303 s, now counts each
        // open repetition's priming and unmeasured schedule.
        assertTrue(seconds > 6.5 * 60, "planned " + seconds + " s, less than the quick profile takes on the reference machine");
        assertEquals(4, Profile.QUICK.defaultTargets().size());
    }
}
