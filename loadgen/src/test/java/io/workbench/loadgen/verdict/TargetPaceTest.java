package io.workbench.loadgen.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Whether the target kept up, both ways: held, behind by its rate, behind at the cap, and not judged when the run is not valid. */
class TargetPaceTest {

    private static final Verdict VALID = new Verdict(Limit.NONE, List.of(), List.of(), new Evidence(null, null, null, null, null, 0, null, null),
            Lateness.judge(0.2, 1.0, null));

    @Test
    void aTargetThatCompletedTheScheduleWithFewRequestsAtTheCapKeptUp() {
        TargetPace pace = TargetPace.judge(VALID, 10_000.0, 9_990.0, 100_000, 100_000, 100_000, 3_000, 500, 64, 64, 0.99);
        assertFalse(pace.behind());
        assertNull(pace.reason());
        assertEquals(0.999, pace.heldShare(), 1e-9);
        assertEquals(3_000, pace.queuedRequests());
    }

    @Test
    void aTargetThatCompletedLessThanTheScheduleFellBehind() {
        TargetPace pace = TargetPace.judge(VALID, 10_000.0, 5_144.0, 100_000, 100_000, 100_000, 0, 0, 19_000, 19_900, 0.99);
        assertTrue(pace.behind());
        assertEquals(0.5144, pace.heldShare(), 1e-9);
        assertTrue(pace.reason().contains("51.4% of the 10000.0 req/s"), pace.reason());
    }

    @Test
    void aTargetThatDiedAnsweredTooFewThoughItAnsweredFastWhileItLived() {
        // 500 req/s while it lived, then every connect refused: its rate was the schedule's, its count was not.
        TargetPace pace = TargetPace.judge(VALID, 500.0, 499.0, 1_000, 210, 1_000, 0, 0, 2, 19_000, 0.99);
        assertTrue(pace.behind());
        assertEquals(0.21, pace.heldShare(), 1e-9);
        assertTrue(pace.reason().contains("it answered 210 of the 1000 requests the schedule asked for (21.0%)"), pace.reason());
        assertFalse(pace.reason().contains("req/s"), "its rate was held: " + pace.reason());
    }

    @Test
    void aTargetThatMadeMoreThanOnePercentWaitAtTheCapFellBehindWhateverItCompleted() {
        TargetPace pace = TargetPace.judge(VALID, 400.0, 400.0, 400, 400, 400, 350, 300, 5, 5, 0.99);
        assertTrue(pace.behind());
        assertTrue(pace.reason().contains("300 of the 400 measured requests (75.0%) waited for a connection at the connection cap of 5"),
                pace.reason());
        assertFalse(TargetPace.judge(VALID, 400.0, 400.0, 400, 400, 400, 350, 4, 5, 5, 0.99).behind(), "1% of 400 is 4: not more");
    }

    @Test
    void aClosedOrAllAtOnceRunHasNoScheduleToHold() {
        TargetPace pace = TargetPace.judge(VALID, null, 812.0, 1_000, 1_000, 1_000, 0, 0, 8, 8, 0.99);
        assertFalse(pace.behind());
        assertNull(pace.heldShare());
        assertEquals(812.0, pace.achievedRate(), 1e-9);
    }

    @Test
    void whenTheGeneratorWasNotOnTimeTheTargetIsNotJudged() {
        Verdict late = new Verdict(Limit.GENERATOR_CPU, List.of(Limit.GENERATOR_CPU), List.of("late"),
                new Evidence(5.0, 0.99, null, null, null, 0, null, null), Lateness.judge(5.0, 1.0, null));
        TargetPace pace = TargetPace.judge(late, 10_000.0, 5_000.0, 100_000, 100_000, 100_000, 50_000, 40_000, 64, 64, 0.99);
        assertFalse(pace.behind());
        assertTrue(pace.reason().startsWith("not judged: the run is not valid (generator-cpu)"), pace.reason());
        assertEquals(0.5, pace.heldShare(), 1e-9, "the figures are still given");
    }
}
