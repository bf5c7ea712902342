package io.workbench.loadgen.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of the verdict, both ways: a run that must be valid, and one run for each limit, asserting which fired. */
class VerdictRulesTest {

    /** The lateness rule at a median latency of 0.1 ms: the 1 ms floor. */
    private static Lateness lateBy(double lagP99Ms) {
        return Lateness.judge(lagP99Ms, 0.1, null);
    }

    /** An open run that kept its schedule: 1,000 answered, lateness p99 0.2 ms of 1 ms, 99.9% of the rate, loop busy 40%, its threads 45%. */
    private static VerdictRules.Inputs kept() {
        return new VerdictRules.Inputs(false, 1_000, null, lateBy(0.2), 20_000.0, 19_980.0, 0.99, 0.40, null, 0.45, 0, null, null);
    }

    private static VerdictRules.Inputs with(VerdictRules.Inputs in, double lag, Double dispatched, Double busy, Double lagBusy, Double cpu) {
        return new VerdictRules.Inputs(in.interrupted(), in.answered(), in.descriptorLimit(), lateBy(lag), in.scheduledRate(), dispatched,
                in.minRateFraction(), busy, lagBusy, cpu, in.blockedCount(), in.sendSpreadMs(), in.sendSpreadLimitMs());
    }

    @Test
    void aRunThatKeptItsScheduleIsValidAndNamesNoLimit() {
        Verdict verdict = VerdictRules.judge(kept());
        assertTrue(verdict.valid());
        assertEquals(Limit.NONE, verdict.limitedBy());
        assertEquals(List.of(), verdict.limits());
        assertEquals(List.of(), verdict.reasons());
        assertEquals(0.999, verdict.evidence().achievedFraction(), 1e-9);
        assertEquals(0.45, verdict.evidence().loopCpuShare(), 1e-9);
        assertEquals(1.0, verdict.lateness().limitMs(), 1e-9);
    }

    @Test
    void lateWithNoIdleTimeLeftIsTheGeneratorsCpu() {
        Verdict verdict = VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.99, null, 0.50));
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("no idle time left"), verdict.reasons().toString());
        assertTrue(verdict.reasons().get(0).contains("the lateness rule"), verdict.reasons().toString());
    }

    @Test
    void lateWithTheLoopsOwnThreadsOutOfCpuIsTheGeneratorsCpuThoughItsLoopHadIdleTime() {
        // The loop blocked 35% of the time, but its threads (loop, alarm, the reporter on the same core) used 98% of a core.
        Verdict verdict = VerdictRules.judge(with(kept(), 30.0, 19_980.0, 0.65, null, 0.98));
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("its own threads had no CPU left (the busiest loop's threads used 98%"),
                verdict.reasons().toString());
        // The same lateness with CPU to spare is its pacing; and threads near their limit that kept the schedule are valid.
        assertEquals(Limit.GENERATOR_PACING, VerdictRules.judge(with(kept(), 30.0, 19_980.0, 0.65, null, 0.90)).limitedBy());
        assertTrue(VerdictRules.judge(with(kept(), 0.4, 19_980.0, 0.65, null, 0.98)).valid());
    }

    @Test
    void lateWhileIdleIsTheGeneratorsPacing() {
        Verdict verdict = VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.30, null, 0.30));
        assertEquals(Limit.GENERATOR_PACING, verdict.limitedBy());
    }

    @Test
    void theSecondsThatLaggedSpeakForTheCauseBeforeTheWholePhase() {
        // Busy 30% over the phase, but flat out in the seconds that lagged: its CPU.
        assertEquals(Limit.GENERATOR_CPU, VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.30, 0.98, 0.30)).limitedBy());
        // Busy 97% over the phase, idle in the seconds that lagged (a pause of its own): its pacing.
        assertEquals(Limit.GENERATOR_PACING, VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.97, 0.20, 0.30)).limitedBy());
    }

    @Test
    void takingArrivalsOffTheScheduleTooSlowlyIsFallingBehindEvenWithASmallLateness() {
        Verdict verdict = VerdictRules.judge(with(kept(), 0.2, 15_000.0, 0.99, null, 0.50));
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("below 99%"), verdict.reasons().toString());
        assertEquals(0.75, verdict.evidence().achievedFraction(), 1e-9);
    }

    @Test
    void theLatenessLimitGrowsWithTheMedianLatencyAndTheOptionOverridesIt() {
        // 1.4 ms late against waits of a second: 1% of the median is 10 ms, and the run is valid.
        VerdictRules.Inputs slow = new VerdictRules.Inputs(false, 1_000, null, Lateness.judge(1.4, 1_000.0, null), 100.0, 99.9, 0.99, 0.3,
                null, 0.3, 0, null, null);
        assertTrue(VerdictRules.judge(slow).valid());
        assertEquals(10.0, VerdictRules.judge(slow).lateness().limitMs(), 1e-9);
        // The same lateness against hello responses of 40 µs: the 1 ms floor, and the run is the generator's pacing.
        VerdictRules.Inputs fast = new VerdictRules.Inputs(false, 1_000, null, Lateness.judge(1.4, 0.04, null), 100.0, 99.9, 0.99, 0.3,
                null, 0.3, 0, null, null);
        assertEquals(Limit.GENERATOR_PACING, VerdictRules.judge(fast).limitedBy());
        // --lag-limit 2ms: the option, whatever the median.
        VerdictRules.Inputs option = new VerdictRules.Inputs(false, 1_000, null, Lateness.judge(1.4, 0.04, 2.0), 100.0, 99.9, 0.99, 0.3,
                null, 0.3, 0, null, null);
        assertTrue(VerdictRules.judge(option).valid());
        assertTrue(VerdictRules.judge(option).lateness().fromOption());
    }

    @Test
    void requestsThatWaitedAtTheCapWhileTheGeneratorWasOnTimeAreTheTargetsNotALimit() {
        VerdictRules.Inputs capped = new VerdictRules.Inputs(false, 1_000, null, lateBy(0.3), 20_000.0, 19_980.0, 0.99, 0.40, null, 0.45, 412,
                null, null);
        Verdict verdict = VerdictRules.judge(capped);
        assertTrue(verdict.valid(), verdict.reasons().toString());
        assertEquals(412, verdict.evidence().blockedCount());
        // Late as well, with idle time: the generator's pacing, whatever waited at the cap (that wait is not in its lateness).
        assertEquals(Limit.GENERATOR_PACING, VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, lateBy(40.0), 20_000.0, 19_980.0,
                0.99, 0.40, null, 0.45, 412, null, null)).limitedBy());
    }

    @Test
    void requestsThatWaitedAtTheCapWhileTheLoopHadNoIdleTimeAreTheGeneratorsCpuThoughItWasOnTime() {
        // On time (lateness 0.3 ms of 1 ms, 99.9% of the rate), but the loop was busy 97% of the phase while 412 waited at the cap.
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, lateBy(0.3), 20_000.0, 19_980.0, 0.99, 0.97, null,
                0.60, 412, null, null));
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("412 requests waited for a connection at the cap while its loop had no idle time left"),
                verdict.reasons().toString());
        // The same busy loop with nothing waiting at the cap is valid; and the same waits with idle time are the target's.
        assertTrue(VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, lateBy(0.3), 20_000.0, 19_980.0, 0.99, 0.97, null, 0.60, 0,
                null, null)).valid());
        assertTrue(VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, lateBy(0.3), 20_000.0, 19_980.0, 0.99, 0.94, null, 0.60,
                412, null, null)).valid());
        // Late and busy already names its CPU once, not twice.
        Verdict late = VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, lateBy(3.0), 20_000.0, 19_980.0, 0.99, 0.97, null,
                0.60, 412, null, null));
        assertEquals(List.of(Limit.GENERATOR_CPU), late.limits());
    }

    @Test
    void theDescriptorLimitIsItsOwnLimitAndTakesThePlaceOfTheLatenessItCaused() {
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, "the descriptor limit was reached with 230 open",
                lateBy(50.0), 20_000.0, 19_980.0, 0.99, 0.40, null, null, 0, null, null));
        assertEquals(Limit.DESCRIPTOR_LIMIT, verdict.limitedBy());
        assertEquals(List.of(Limit.DESCRIPTOR_LIMIT), verdict.limits());
    }

    @Test
    void anInterruptedRunIsInterruptedFirst() {
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(true, 500, null, lateBy(0.2), 20_000.0, 19_980.0, 0.99, 0.4, null, null, 0,
                null, null));
        assertEquals(Limit.INTERRUPTED, verdict.limitedBy());
        assertFalse(verdict.valid());
    }

    @Test
    void aRunWithoutAnAnswerMeasuredNothing() {
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(false, 0, null, lateBy(0.1), 20_000.0, 19_990.0, 0.99, 0.2, null, null, 0,
                null, null));
        assertEquals(Limit.NO_RESPONSE, verdict.limitedBy());
        assertEquals(List.of(Limit.NO_RESPONSE), verdict.limits(), "the generator itself kept up");
    }

    @Test
    void allAtOnceIsJudgedBySpreadNotLateness() {
        VerdictRules.Inputs within = new VerdictRules.Inputs(false, 1_000, null, lateBy(35.0), null, null, 0.99, 0.05, null, 0.05, 0, 35.0,
                100.0);
        assertTrue(VerdictRules.judge(within).valid(), "a spread of 35 ms within 100 ms is valid whatever the lateness limit");
        VerdictRules.Inputs over = new VerdictRules.Inputs(false, 1_000, null, lateBy(180.0), null, null, 0.99, 0.05, null, 0.05, 0, 180.0,
                100.0);
        Verdict verdict = VerdictRules.judge(over);
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy(), "trying back to back is working flat out, whatever the phase's share");
        assertTrue(verdict.reasons().get(0).contains("180.000 ms"), verdict.reasons().toString());
        assertTrue(verdict.reasons().get(0).contains("back to back"), verdict.reasons().toString());
    }

    @Test
    void aVerdictMustNameItsFirstLimit() {
        Evidence none = new Evidence(null, null, null, null, null, 0, null, null);
        Lateness rule = lateBy(0.1);
        assertThrows(IllegalArgumentException.class, () -> new Verdict(Limit.NONE, List.of(Limit.GENERATOR_CPU), List.of("x"), none, rule));
        assertThrows(IllegalArgumentException.class, () -> new Verdict(Limit.GENERATOR_CPU, List.of(), List.of(), none, rule));
    }

    @Test
    void limitsAreNamedInSummaryJsonAsTheReportReadsThem() {
        assertEquals("generator-cpu", Limit.GENERATOR_CPU.key());
        assertEquals("no-response", Limit.NO_RESPONSE.key());
        for (Limit limit : Limit.values()) {
            assertEquals(limit, Limit.ofKey(limit.key()));
            assertTrue(io.workbench.loadgen.summary.Limit.byLabel(limit.key()).isPresent(), "the reader knows " + limit.key());
        }
        assertThrows(IllegalArgumentException.class, () -> Limit.ofKey("cpu"));
        assertThrows(IllegalArgumentException.class, () -> Limit.ofKey("connection-cap"), "the generator no longer names the cap a limit");
    }
}
