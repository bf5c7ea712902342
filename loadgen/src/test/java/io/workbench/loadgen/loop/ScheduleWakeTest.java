package io.workbench.loadgen.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a loop's timer fires for its next arrival: the batch window always, the slack only while responses flow and have not stopped. */
class ScheduleWakeTest {

    private static final long US = 1_000;
    private static final long BATCH = 100 * US;
    private static final long SLACK = 200 * US;

    /** {@code count} request ends, {@code gap} apart, from {@code start}; @return the last one's time */
    private static long ends(ScheduleWake wake, long start, long gap, int count) {
        long t = start;
        for (int i = 0; i < count; i++) {
            t += gap;
            wake.requestEnded(t);
        }
        return t;
    }

    @Test
    void withNoResponsesTheTimerKeepsToTheArrivalOrTheBatchWindow() {
        ScheduleWake wake = new ScheduleWake(BATCH, SLACK);
        long ran = 1_000_000;
        assertFalse(wake.responsesFlowing(ran));
        assertEquals(ran + 300 * US, wake.timerFor(ran + 300 * US, ran, true), "an arrival past the window: at its time");
        assertEquals(ran + BATCH, wake.timerFor(ran + 30 * US, ran, true), "an arrival inside the window: at the window's end");
    }

    @Test
    void responsesEndingOftenEnoughLetTheTimerTakeTheSlackWhileRequestsAreInFlight() {
        ScheduleWake wake = new ScheduleWake(BATCH, SLACK);
        // 20 µs apart (50,000 a second): ten per slack, more than the four it takes.
        long now = ends(wake, 0, 20 * US, 200);
        assertTrue(wake.responsesFlowing(now), "mean gap " + wake.meanEndGapNanos());
        long due = now + 300 * US;
        assertEquals(due + SLACK, wake.timerFor(due, now, true), "in flight: a response will wake the loop first");
        assertEquals(due, wake.timerFor(due, now, false), "nothing in flight: nothing else will wake it");
        assertEquals(now + BATCH, wake.timerFor(now + 1, now, false), "the window still holds");
    }

    @Test
    void responsesTooFewForTheSlackLeaveTheTimerAtTheArrival() {
        ScheduleWake wake = new ScheduleWake(BATCH, SLACK);
        // 100 µs apart (10,000 a second): two per slack, and the chance of none within it is e^-2, too often.
        long now = ends(wake, 0, 100 * US, 200);
        assertFalse(wake.responsesFlowing(now), "mean gap " + wake.meanEndGapNanos());
        long due = now + 300 * US;
        assertEquals(due, wake.timerFor(due, now, true));
    }

    @Test
    void theFlowIsJudgedOnTheRecentGapsSoAQuietTargetEndsIt() {
        ScheduleWake wake = new ScheduleWake(BATCH, SLACK);
        long now = ends(wake, 0, 20 * US, 200);
        assertTrue(wake.responsesFlowing(now));
        // The target goes quiet: a few ends 2 ms apart bring the mean above the 50 µs a slack of 200 µs allows.
        now = ends(wake, now, 2_000 * US, 3);
        assertFalse(wake.responsesFlowing(now), "mean gap " + wake.meanEndGapNanos());
        assertEquals(now + 300 * US, wake.timerFor(now + 300 * US, now, true));
        // And back: a burst of quick ends brings it under again.
        now = ends(wake, now, 10 * US, 100);
        assertTrue(wake.responsesFlowing(now), "mean gap " + wake.meanEndGapNanos());
    }

    @Test
    void noSlackNeverDelaysTheTimerAndNoBatchNeverHoldsItBack() {
        ScheduleWake wake = new ScheduleWake(0, 0);
        long now = ends(wake, 0, 1 * US, 1_000);
        assertFalse(wake.responsesFlowing(now), "a slack of 0 never applies");
        assertEquals(now + 5, wake.timerFor(now + 5, now, true));
        assertEquals(now, wake.timerFor(now - 5, now, true), "an arrival already due: at once (the run's own time)");
    }

    @Test
    void aGapTooLongToBeFlowNeverOverflowsTheMean() {
        ScheduleWake wake = new ScheduleWake(BATCH, SLACK);
        wake.requestEnded(0);
        wake.requestEnded(Long.MAX_VALUE / 2);
        assertEquals(1_000_000_000L, wake.meanEndGapNanos(), "a gap is capped at a second");
        assertFalse(wake.responsesFlowing(Long.MAX_VALUE / 2));
    }

    /**
     * The target stalls: no request ends, so the mean gap (updated only by an end) still says the
     * responses flow. From {@link ScheduleWake#SILENCE_GAPS} mean gaps after the last end on, the
     * timer takes no slack: an arrival during the stall is late by the window at most, not by the slack.
     */
    @Test
    void theSlackEndsOnceNoRequestHasEndedForAFewMeanGaps() {
        ScheduleWake wake = new ScheduleWake(0, SLACK);
        long lastEnd = ends(wake, 0, 20 * US, 200);
        long mean = wake.meanEndGapNanos();
        long silence = lastEnd + ScheduleWake.SILENCE_GAPS * mean;
        assertTrue(wake.responsesFlowing(silence), "up to the moment of silence, the flow holds");
        assertFalse(wake.responsesFlowing(silence + 1), "past it, the responses have stopped");
        long due = silence + 500 * US;
        assertEquals(lastEnd + 30 * US + SLACK, wake.timerFor(lastEnd + 30 * US, lastEnd + 10 * US, true), "set while they flow: the slack");
        assertEquals(due, wake.timerFor(due, silence + 100 * US, true), "set during the stall: at the arrival's time");
        // The target answers again: the slack is back once the ends have brought the mean down again.
        long again = ends(wake, due, 20 * US, 40);
        assertTrue(wake.responsesFlowing(again), "mean gap " + wake.meanEndGapNanos());
    }

    @Test
    void negativeWindowsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ScheduleWake(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new ScheduleWake(0, -1));
    }
}
