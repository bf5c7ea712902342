package io.workbench.loadgen.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A request's slot: its intended time, its waits split into connect wait and cap wait, its one retry; slots reused, grown. */
class RequestSlotsTest {

    @Test
    void aWaitForAConnectIsConnectWaitAndAWaitAtTheCapIsNot() {
        RequestSlots slots = new RequestSlots(4);
        int connect = slots.take(1_000);
        slots.waiting(connect, 1_100, true);
        slots.gotConnection(connect, 1_600);
        assertEquals(500, slots.connectWait(connect));
        assertFalse(slots.waitedAtCap(connect));

        int capped = slots.take(2_000);
        slots.waiting(capped, 2_000, false);
        slots.gotConnection(capped, 2_900);
        assertEquals(0, slots.connectWait(capped), "a wait at the cap is the generator's: not connect wait");
        assertTrue(slots.waitedAtCap(capped));

        int both = slots.take(3_000);
        slots.waiting(both, 3_000, false);
        slots.waiting(both, 3_200, true);
        slots.gotConnection(both, 3_500);
        assertEquals(300, slots.connectWait(both), "only the spell spent waiting for a connect");
        assertTrue(slots.waitedAtCap(both));

        int none = slots.take(4_000);
        slots.gotConnection(none, 4_010);
        assertEquals(0, slots.connectWait(none), "found a connection: no wait at all");
    }

    @Test
    void aRequestIsSentAgainOnceAtMost() {
        RequestSlots slots = new RequestSlots(4);
        int slot = slots.take(7);
        assertTrue(slots.claimRetry(slot));
        assertFalse(slots.claimRetry(slot));
        slots.release(slot);
        int again = slots.take(8);
        assertTrue(slots.claimRetry(again), "a reused slot starts afresh");
    }

    @Test
    void slotsGrowBeyondTheirFirstSizeAndComeBack() {
        RequestSlots slots = new RequestSlots(16);
        Set<Integer> taken = new HashSet<>();
        int[] byRequest = new int[1000];
        for (int i = 0; i < 1000; i++) {
            byRequest[i] = slots.take(10_000 + i);
            assertTrue(taken.add(byRequest[i]), "each slot once");
        }
        assertEquals(1000, slots.inUse());
        for (int i = 0; i < 1000; i++) {
            assertEquals(10_000 + i, slots.intended(byRequest[i]), "each keeps its intended time across growth");
        }
        for (int slot : taken) {
            slots.release(slot);
        }
        assertEquals(0, slots.inUse());
        Set<Integer> again = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            again.add(slots.take(i));
        }
        assertEquals(taken, again, "the same slots, no new ones");
    }
}
