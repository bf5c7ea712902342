package io.workbench.loadgen.loop;

import java.util.Arrays;

/**
 * What a generator loop knows of each request it has sent and not yet ended, in parallel arrays
 * indexed by a slot number that travels with the request as its exchange's tag: the intended time,
 * when it began to wait for a connection and why, how long it waited for a connect, whether it was
 * already sent again after a stale connection. A slot is taken when an arrival is dispatched and
 * given back when its request ends; free slots are kept on a stack, so a steady run allocates
 * nothing (the arrays grow, doubling, only when more requests are in flight than ever before).
 *
 * <p>Owned by one loop's thread: no synchronization.
 */
final class RequestSlots {

    private long[] intended;
    /** Whether it waits for a connection now, and since when. */
    private boolean[] isWaiting;
    private long[] waitingSince;
    /** Whether its current wait is for a connect started for it (else: for the connection cap). */
    private boolean[] waitsForConnect;
    /** How long it waited for connects, in all. */
    private long[] connectWait;
    /** Whether it waited at the connection cap at all. */
    private boolean[] waitedAtCap;
    private boolean[] retried;
    private int[] free;
    private int freeCount;
    private int inUse;

    RequestSlots(int initial) {
        int size = Math.max(16, initial);
        intended = new long[size];
        isWaiting = new boolean[size];
        waitingSince = new long[size];
        waitsForConnect = new boolean[size];
        connectWait = new long[size];
        waitedAtCap = new boolean[size];
        retried = new boolean[size];
        free = new int[size];
        for (int i = 0; i < size; i++) {
            free[i] = size - 1 - i;
        }
        freeCount = size;
    }

    /** @return a slot for a request intended at {@code intendedNanos}, not waiting, never retried */
    int take(long intendedNanos) {
        if (freeCount == 0) {
            grow();
        }
        int slot = free[--freeCount];
        intended[slot] = intendedNanos;
        isWaiting[slot] = false;
        waitsForConnect[slot] = false;
        connectWait[slot] = 0;
        waitedAtCap[slot] = false;
        retried[slot] = false;
        inUse++;
        return slot;
    }

    void release(int slot) {
        free[freeCount++] = slot;
        inUse--;
    }

    long intended(int slot) {
        return intended[slot];
    }

    /** The request begins (or goes on) waiting for a connection at {@code now}: for a connect started for it, or at the cap. */
    void waiting(int slot, long now, boolean forConnect) {
        if (!isWaiting[slot]) {
            isWaiting[slot] = true;
            waitingSince[slot] = now;
        } else if (waitsForConnect[slot] != forConnect) {
            // The reason changed (a connect failed and the cap was reached, or the reverse): close the spell so far.
            endWait(slot, now);
            waitingSince[slot] = now;
        }
        waitsForConnect[slot] = forConnect;
        if (!forConnect) {
            waitedAtCap[slot] = true;
        }
    }

    /** The request got a connection at {@code now}: its wait, if any, ends and is added to its connect wait if that is what it was. */
    void gotConnection(int slot, long now) {
        if (isWaiting[slot]) {
            endWait(slot, now);
            isWaiting[slot] = false;
        }
    }

    private void endWait(int slot, long now) {
        if (waitsForConnect[slot]) {
            connectWait[slot] += Math.max(0, now - waitingSince[slot]);
        }
    }

    /** @return when the request began to wait for a connection (meaningful while it waits) */
    long waitingSince(int slot) {
        return waitingSince[slot];
    }

    long connectWait(int slot) {
        return connectWait[slot];
    }

    boolean waitedAtCap(int slot) {
        return waitedAtCap[slot];
    }

    /** @return true if the request was not sent again yet (and marks it as sent again) */
    boolean claimRetry(int slot) {
        if (retried[slot]) {
            return false;
        }
        retried[slot] = true;
        return true;
    }

    /** @return true if the request was sent once more after a stale connection */
    boolean wasRetried(int slot) {
        return retried[slot];
    }

    /** @return slots taken and not given back: requests sent and not yet ended */
    int inUse() {
        return inUse;
    }

    private void grow() {
        int size = intended.length;
        int bigger = size * 2;
        intended = Arrays.copyOf(intended, bigger);
        isWaiting = Arrays.copyOf(isWaiting, bigger);
        waitingSince = Arrays.copyOf(waitingSince, bigger);
        waitsForConnect = Arrays.copyOf(waitsForConnect, bigger);
        connectWait = Arrays.copyOf(connectWait, bigger);
        waitedAtCap = Arrays.copyOf(waitedAtCap, bigger);
        retried = Arrays.copyOf(retried, bigger);
        free = Arrays.copyOf(free, bigger);
        for (int i = size; i < bigger; i++) {
            free[freeCount++] = bigger - 1 - (i - size);
        }
    }

    @Override
    public String toString() {
        return "RequestSlots[" + inUse + "/" + intended.length + "]";
    }
}
