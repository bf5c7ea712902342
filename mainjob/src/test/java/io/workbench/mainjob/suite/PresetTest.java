package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
        Preset overload = Profile.STUDY.preset(Scenario.OVERLOAD);
        assertEquals(List.of(100_000.0, 100_000L, 0L), List.of(overload.rate(), overload.requests(), overload.waitMillis()),
                "the study's overhead flood, kept as the overload scenario");
        Preset overhead = Profile.STUDY.preset(Scenario.OVERHEAD);
        assertEquals(List.of(Profile.OVERHEAD_RATE, 100_000L, 0L), List.of(overhead.rate(), overhead.requests(), overhead.waitMillis()));
        for (Preset hello : List.of(concurrency, slow, high, overhead, overload)) {
            assertEquals(1_000, hello.warmupConnections(), "the study's warm-up: 1,000 connections");
            assertEquals(100_000, hello.warmupRequests(), "and 100,000 requests");
            assertEquals(10, hello.repetitions(), "10 runs, one per round");
        }
        assertTrue(Profile.STUDY.defaultScenarios().contains(Scenario.OVERLOAD));
        assertFalse(Profile.QUICK.defaultScenarios().contains(Scenario.OVERLOAD), "the flood measures nothing but overload");
        assertFalse(Profile.STANDARD.defaultScenarios().contains(Scenario.OVERLOAD));
    }

    @Test
    void theWarmupTakesTheScenariosPathWithALongWaitShortenedInTenWindowsUpToThreeTimesItsCount() {
        Preset slow = Profile.QUICK.preset(Scenario.SLOW_REQUESTS);
        assertEquals("/hello?wait=1", slow.warmupPath(), "the same sleep or scheduled completion, 1 ms long");
        assertEquals("/hello?wait=0", Profile.QUICK.preset(Scenario.OVERHEAD).warmupPath(), "no wait stays none");
        assertEquals(Profile.QUICK.preset(Scenario.STREAM).path(), Profile.QUICK.preset(Scenario.STREAM).warmupPath());
        assertEquals(slow.warmupRequests() / 10, slow.warmupWindow());
        assertEquals(slow.warmupRequests() * 3, slow.warmupMaxRequests());
        assertEquals("/hello?wait=1", slow.record().warmupPath());
        assertEquals(slow.warmupWindow(), slow.record().warmupWindow());
    }

    @Test
    void onlyTheOverheadScenarioSearchesAndEveryProfileMeasuresItAtTheSameFixedRate() {
        for (Profile profile : Profile.values()) {
            Preset overhead = profile.preset(Scenario.OVERHEAD);
            assertNotNull(overhead.search(), profile.toString());
            assertEquals(Profile.OVERHEAD_RATE, overhead.rate(), profile.toString());
            assertEquals(Profile.SEARCH_LATENCY_BOUND_MS, overhead.search().latencyBoundMs());
            assertEquals(0.99, overhead.search().minHeldShare());
            for (Scenario scenario : Scenario.values()) {
                if (scenario != Scenario.OVERHEAD) {
                    assertNull(profile.preset(scenario).search(), profile + " " + scenario);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.OVERHEAD, 10, 10, 0, 0, 0, 0, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.STREAM, 10, 10, 0, 1, 0, 0, 1,
                new Preset.SearchPlan(10, 0.99, 3, 1)));
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
        assertEquals(1_000, scaled.warmupRequests());
        assertEquals(100, Profile.QUICK.preset(Scenario.STREAM).scaled(0.01).warmupRequests(), "at least ten windows of ten");
        assertEquals(10, high.scaled(0.000001).requests(), "never fewer than 10 requests");
        assertEquals(1_000, Profile.QUICK.preset(Scenario.CONCURRENCY_LEVEL).scaled(0.0001).waitMillis(), "a hold of at least 1 s");
    }

    @Test
    void aPresetWithARateForConcurrencyLevelOrNoneForARateScenarioIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.CONCURRENCY_LEVEL, 10, 10, 0, 0, 0, 0, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.SLOW_REQUESTS, 0, 10, 0, 0, 0, 0, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Preset(Scenario.SLOW_REQUESTS, 10, 0, 0, 0, 0, 0, 1, null));
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
    void theQuickProfilePlansAtMostTenMinutesWithThreeRounds() {
        double seconds = 4 * (SuitePlan.STARTUP_SECONDS + Profile.QUICK.defaultScenarios().stream()
                .mapToDouble(scenario -> Profile.QUICK.preset(scenario).estimatedSeconds()).sum());

        assertTrue(seconds < 10 * 60, "planned " + seconds + " s");
        assertTrue(seconds > 6 * 60, "planned " + seconds + " s, less than the quick profile takes here");
        assertEquals(4, Profile.QUICK.defaultTargets().size());
        for (Scenario scenario : Profile.QUICK.defaultScenarios()) {
            assertTrue(Profile.QUICK.preset(scenario).repetitions() >= 3, scenario + ": at least three rounds");
            assertTrue(Profile.STANDARD.preset(scenario).repetitions() >= 5, scenario + ": at least five rounds");
        }
    }
}
