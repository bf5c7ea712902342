package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.PresetText;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A scenario beyond what one generator core measured is named before the run and in the report; one within it is not. */
class GeneratorReachTest {

    private static final GeneratorReach REACH = new GeneratorReach(80_000, 2_000, "a page");

    @Test
    void aRateWithinReachIsNotMarkedAndOneBeyondItIsWithTheFigures() {
        Preset high = Profile.QUICK.preset(Scenario.HIGH_CONCURRENCY);
        Preset overload = Profile.STUDY.preset(Scenario.OVERLOAD);
        assertEquals(Optional.empty(), REACH.beyond(high), "10,000 req/s");
        assertEquals(Optional.empty(), REACH.beyond(Profile.QUICK.preset(Scenario.OVERHEAD)), "the overhead scenario's fixed rate");
        String why = REACH.beyond(overload).orElseThrow();
        assertTrue(why.contains("100,000 req/s") && why.contains("80,000 req/s") && why.contains("a page"), why);
    }

    @Test
    void bodiesAreJudgedByTheBytesAndAllAtOnceNever() {
        Preset stream = Profile.QUICK.preset(Scenario.STREAM);
        String why = REACH.beyond(stream).orElseThrow();
        assertTrue(why.contains("2,500 MiB/s") && why.contains("2,000 MiB/s"), why);
        assertEquals(Optional.empty(), new GeneratorReach(80_000, 3_000, "a page").beyond(stream));
        assertEquals(Optional.empty(), new GeneratorReach(1, 1, "a page").beyond(Profile.QUICK.preset(Scenario.CONCURRENCY_LEVEL)));
    }

    @Test
    void theReportSaysSoBesideTheScenario() {
        Preset overload = Profile.STUDY.preset(Scenario.OVERLOAD);
        String text = PresetText.describe(overload.record());
        assertTrue(GeneratorReach.REFERENCE.beyond(overload).isPresent());
        assertTrue(text.contains("run as asked, never scaled down"), text);
        String within = PresetText.describe(Profile.QUICK.preset(Scenario.SLOW_REQUESTS).record());
        assertTrue(!within.contains("never scaled down"), within);
    }
}
