package io.workbench.loadgen.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of the verdict, both ways: a run that must be valid, and one run for each limit, asserting which fired. */
class VerdictRulesTest {

    /** An open run that kept its schedule: 1,000 answered, lag p99 0.2 ms of 1 ms, 99.9% of the rate, loop busy 40%. */
    private static VerdictRules.Inputs kept() {
        return new VerdictRules.Inputs(false, 1_000, null, 0.2, 1.0, 20_000.0, 19_980.0, 0.99, 0.40, null, 0.45, 0, null, null);
    }

    private static VerdictRules.Inputs with(VerdictRules.Inputs in, Double lag, Double dispatched, Double busy, Double lagBusy, long blocked) {
        return new VerdictRules.Inputs(in.interrupted(), in.answered(), in.descriptorLimit(), lag, in.lagLimitMs(), in.scheduledRate(),
                dispatched, in.minRateFraction(), busy, lagBusy, in.processCpuShare(), blocked, in.sendSpreadMs(), in.sendSpreadLimitMs());
    }

    @Test
    void aRunThatKeptItsScheduleIsValidAndNamesNoLimit() {
        Verdict verdict = VerdictRules.judge(kept());
        assertTrue(verdict.valid());
        assertEquals(Limit.NONE, verdict.limitedBy());
        assertEquals(List.of(), verdict.limits());
        assertEquals(List.of(), verdict.reasons());
        assertEquals(0.999, verdict.evidence().achievedFraction(), 1e-9);
    }

    @Test
    void lateWithNoIdleTimeLeftIsTheGeneratorsCpu() {
        Verdict verdict = VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.99, null, 0));
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("no idle time left"), verdict.reasons().toString());
    }

    @Test
    void lateWithTheProcessOutOfCpuIsTheGeneratorsCpuThoughItsLoopHadIdleTime() {
        // The loop blocked 35% of the time, but the process used 98% of its core (its other threads, the kernel's share).
        VerdictRules.Inputs in = kept();
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, 30.0, 1.0, 2_500.0, 2_495.0, 0.99, 0.65, null, 0.98, 0,
                null, null));
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("its process had no CPU left (it used 98%"), verdict.reasons().toString());
        assertEquals(0.98, verdict.evidence().processCpuShare(), 1e-9);
        // The same lag with CPU to spare is its pacing; and a process near its limit that kept its schedule is valid.
        assertEquals(Limit.GENERATOR_PACING, VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, 30.0, 1.0, 2_500.0, 2_495.0, 0.99,
                0.65, null, 0.90, 0, null, null)).limitedBy());
        assertTrue(VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, null, 0.4, 1.0, 2_500.0, 2_495.0, 0.99, 0.65, null, 0.98, 0,
                null, null)).valid());
        assertEquals(0.45, VerdictRules.judge(in).evidence().processCpuShare(), 1e-9);
    }

    @Test
    void lateWhileIdleIsTheGeneratorsPacing() {
        Verdict verdict = VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.30, null, 0));
        assertEquals(Limit.GENERATOR_PACING, verdict.limitedBy());
    }

    @Test
    void theSecondsThatLaggedSpeakForTheCauseBeforeTheWholePhase() {
        // Busy 30% over the phase, but flat out in the seconds that lagged: its CPU.
        assertEquals(Limit.GENERATOR_CPU, VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.30, 0.98, 0)).limitedBy());
        // Busy 97% over the phase, idle in the seconds that lagged (a pause of its own): its pacing.
        assertEquals(Limit.GENERATOR_PACING, VerdictRules.judge(with(kept(), 3.0, 19_980.0, 0.97, 0.20, 0)).limitedBy());
    }

    @Test
    void keepingUpWithTooLowARateIsFallingBehindEvenWithASmallLag() {
        Verdict verdict = VerdictRules.judge(with(kept(), 0.2, 15_000.0, 0.99, null, 0));
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("below 99%"), verdict.reasons().toString());
        assertEquals(0.75, verdict.evidence().achievedFraction(), 1e-9);
    }

    @Test
    void requestsThatWaitedAtTheCapNameTheConnectionCap() {
        Verdict verdict = VerdictRules.judge(with(kept(), 40.0, 19_980.0, 0.40, null, 12));
        assertEquals(Limit.CONNECTION_CAP, verdict.limitedBy());
        assertTrue(verdict.reasons().get(0).contains("12 measured request(s) waited"), verdict.reasons().toString());
    }

    @Test
    void aLoopWithNoIdleTimeLeftIsTheCauseEvenWhenRequestsWaitedAtTheCap() {
        assertEquals(Limit.GENERATOR_CPU, VerdictRules.judge(with(kept(), 40.0, 19_980.0, 0.99, null, 12)).limitedBy());
    }

    @Test
    void waitsAtTheCapThatKeptTheScheduleDoNotMakeARunInvalid() {
        assertTrue(VerdictRules.judge(with(kept(), 0.3, 19_980.0, 0.40, null, 3)).valid());
    }

    @Test
    void theDescriptorLimitIsItsOwnLimitAndTakesThePlaceOfTheLagItCaused() {
        VerdictRules.Inputs in = kept();
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(false, 1_000, "the descriptor limit was reached with 230 open", 50.0,
                1.0, 20_000.0, 19_980.0, 0.99, 0.40, null, null, 0, null, null));
        assertEquals(Limit.DESCRIPTOR_LIMIT, verdict.limitedBy());
        assertEquals(List.of(Limit.DESCRIPTOR_LIMIT), verdict.limits());
    }

    @Test
    void anInterruptedRunIsInterruptedFirst() {
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(true, 500, null, 0.2, 1.0, 20_000.0, 19_980.0, 0.99, 0.4, null, null, 0,
                null, null));
        assertEquals(Limit.INTERRUPTED, verdict.limitedBy());
        assertFalse(verdict.valid());
    }

    @Test
    void aRunWithoutAnAnswerMeasuredNothing() {
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(false, 0, null, 0.1, 1.0, 20_000.0, 19_990.0, 0.99, 0.2, null, null, 0,
                null, null));
        assertEquals(Limit.NO_RESPONSE, verdict.limitedBy());
        assertEquals(List.of(Limit.NO_RESPONSE), verdict.limits(), "the generator itself kept up");
    }

    @Test
    void allAtOnceIsJudgedBySpreadNotLag() {
        VerdictRules.Inputs within = new VerdictRules.Inputs(false, 1_000, null, 35.0, 1.0, null, null, 0.99, 0.05, null, null, 0, 35.0, 100.0);
        assertTrue(VerdictRules.judge(within).valid(), "a spread of 35 ms within 100 ms is valid whatever the lag limit");
        VerdictRules.Inputs over = new VerdictRules.Inputs(false, 1_000, null, 180.0, 1.0, null, null, 0.99, 0.05, null, null, 0, 180.0, 100.0);
        Verdict verdict = VerdictRules.judge(over);
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy(), "sending back to back is working flat out, whatever the phase's share");
        assertTrue(verdict.reasons().get(0).contains("180.000 ms"), verdict.reasons().toString());
    }

    @Test
    void aVerdictMustNameItsFirstLimit() {
        Evidence none = new Evidence(null, null, null, null, null, 0, null, null);
        assertThrows(IllegalArgumentException.class, () -> new Verdict(Limit.NONE, List.of(Limit.GENERATOR_CPU), List.of("x"), none));
        assertThrows(IllegalArgumentException.class, () -> new Verdict(Limit.GENERATOR_CPU, List.of(), List.of(), none));
    }

    @Test
    void limitsAreNamedInSummaryJsonAsTheReportReadsThem() {
        assertEquals("generator-cpu", Limit.GENERATOR_CPU.key());
        assertEquals("no-response", Limit.NO_RESPONSE.key());
        for (Limit limit : Limit.values()) {
            assertEquals(limit, Limit.ofKey(limit.key()));
        }
        assertThrows(IllegalArgumentException.class, () -> Limit.ofKey("cpu"));
    }
}
