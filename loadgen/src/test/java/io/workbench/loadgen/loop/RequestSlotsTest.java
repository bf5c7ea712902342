package io.workbench.loadgen.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A request's slot: its intended time and its first try, whether it waited for a connection and
 * whether at the cap (judged again while it waits), its one retry; slots reused, grown.
 */
class RequestSlotsTest {

    @Test
    void aSlotKeepsItsIntendedTimeAndItsTryAndAWaitIsNotedWhenItBegins() {
        RequestSlots slots = new RequestSlots(4);
        int found = slots.take(1_000, 1_050);
        assertEquals(1_000, slots.intended(found));
        assertEquals(1_050, slots.tried(found));
        assertFalse(slots.isWaiting(found));
        assertFalse(slots.waited(found), "found a connection: no wait at all");

        int waits = slots.take(2_000, 2_010);
        slots.waiting(waits, 2_010, 5, false);
        assertTrue(slots.isWaiting(waits));
        assertEquals(2_010, slots.waitingSince(waits));
        slots.endWait(waits, 5);
        assertFalse(slots.isWaiting(waits));
        assertTrue(slots.waited(waits));
        assertFalse(slots.waitedAtCap(waits), "the cap refused no connect while it waited");
    }

    @Test
    void aWaitIsAtTheCapWhenItBeginsThereOrWhenTheCapRefusesAConnectBeforeItEnds() {
        RequestSlots slots = new RequestSlots(4);
        int atOnce = slots.take(0, 0);
        slots.waiting(atOnce, 0, 7, true);
        slots.endWait(atOnce, 7);
        assertTrue(slots.waitedAtCap(atOnce), "the cap had no room when it began to wait");

        int later = slots.take(0, 0);
        slots.waiting(later, 0, 7, false);
        // Its connect failed, and the next one was refused at the cap (by this loop or another): judged again.
        slots.endWait(later, 9);
        assertTrue(slots.waitedAtCap(later));

        int resumed = slots.take(0, 0);
        slots.waiting(resumed, 100, 7, false);
        slots.endWait(resumed, 7);
        // The connection it was given was closing: its wait goes on, from when it began.
        slots.resumeWait(resumed);
        assertTrue(slots.isWaiting(resumed));
        assertEquals(100, slots.waitingSince(resumed));
        slots.endWait(resumed, 8);
        assertTrue(slots.waitedAtCap(resumed), "a refusal at the cap during the resumed wait counts");
    }

    @Test
    void aRequestIsSentAgainOnceAtMost() {
        RequestSlots slots = new RequestSlots(4);
        int slot = slots.take(7, 7);
        assertTrue(slots.claimRetry(slot));
        assertFalse(slots.claimRetry(slot));
        slots.release(slot);
        int again = slots.take(8, 8);
        assertTrue(slots.claimRetry(again), "a reused slot starts afresh");
        slots.waiting(again, 8, 0, true);
        slots.release(again);
        int fresh = slots.take(9, 9);
        assertFalse(slots.waited(fresh) || slots.waitedAtCap(fresh) || slots.isWaiting(fresh), "and forgets its waits");
    }

    @Test
    void slotsGrowBeyondTheirFirstSizeAndComeBack() {
        RequestSlots slots = new RequestSlots(16);
        Set<Integer> taken = new HashSet<>();
        int[] byRequest = new int[1000];
        for (int i = 0; i < 1000; i++) {
            byRequest[i] = slots.take(10_000 + i, 20_000 + i);
            assertTrue(taken.add(byRequest[i]), "each slot once");
        }
        assertEquals(1000, slots.inUse());
        for (int i = 0; i < 1000; i++) {
            assertEquals(10_000 + i, slots.intended(byRequest[i]), "each keeps its intended time across growth");
            assertEquals(20_000 + i, slots.tried(byRequest[i]), "and its try");
        }
        for (int slot : taken) {
            slots.release(slot);
        }
        assertEquals(0, slots.inUse());
        Set<Integer> again = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            again.add(slots.take(i, i));
        }
        assertEquals(taken, again, "the same slots, no new ones");
    }
}
