package io.workbench.loadgen.loop;

import java.util.Arrays;

/**
 * What a generator loop knows of each request it has taken off its schedule and not yet ended, in
 * parallel arrays indexed by a slot number that travels with the request as its exchange's tag:
 * its intended time, when the loop first tried to send it, whether it waits for a connection now
 * and since when, whether it waited while the connection cap refused a connect, whether it was
 * already sent again, and its trace id when the run traces. A slot is taken when an arrival is dispatched and given back when its
 * request ends; free slots are kept on a stack, so a steady run allocates nothing (the arrays
 * grow, doubling, only when more requests are in flight than ever before).
 *
 * <p>Whether a request waited at the cap is judged again for as long as it waits, not once when
 * it begins to: it begins with whether the cap had room then, and it is at the cap too if a connect
 * was refused at the cap (by any loop: the cap is the run's) while it waited. So a request that
 * began to wait for a connect, whose connect then failed or was never started because the cap was
 * reached meanwhile, is counted as having waited at the cap.
 *
 * <p>Owned by one loop's thread: no synchronization.
 */
final class RequestSlots {

    private long[] intended;
    /** When the loop first tried to send it: took it off the schedule and looked for a connection. */
    private long[] tried;
    /** Whether it waits for a connection now, and since when. */
    private boolean[] isWaiting;
    private long[] waitingSince;
    /** The run's count of connects refused at the cap when its current wait began. */
    private long[] capRefusalsAtWait;
    /** Whether it waited at the connection cap at all. */
    private boolean[] waitedAtCap;
    /** Whether it waited for a connection at all. */
    private boolean[] waited;
    private boolean[] retried;
    /** The request's trace id, when the run traces (0 otherwise): kept when it is sent again. */
    private long[] traceId;
    private int[] free;
    private int freeCount;
    private int inUse;

    RequestSlots(int initial) {
        int size = Math.max(16, initial);
        intended = new long[size];
        tried = new long[size];
        isWaiting = new boolean[size];
        waitingSince = new long[size];
        capRefusalsAtWait = new long[size];
        waitedAtCap = new boolean[size];
        waited = new boolean[size];
        retried = new boolean[size];
        traceId = new long[size];
        free = new int[size];
        for (int i = 0; i < size; i++) {
            free[i] = size - 1 - i;
        }
        freeCount = size;
    }

    /** @return a slot for a request intended at {@code intendedNanos} and tried at {@code triedNanos}, not waiting, never retried */
    int take(long intendedNanos, long triedNanos) {
        if (freeCount == 0) {
            grow();
        }
        int slot = free[--freeCount];
        intended[slot] = intendedNanos;
        tried[slot] = triedNanos;
        isWaiting[slot] = false;
        waitedAtCap[slot] = false;
        waited[slot] = false;
        retried[slot] = false;
        traceId[slot] = 0;
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

    long tried(int slot) {
        return tried[slot];
    }

    /**
     * The request begins to wait for a connection at {@code now}.
     *
     * @param capRefusals the run's count of connects refused at the cap now
     * @param atCap       whether the cap has no room now
     */
    void waiting(int slot, long now, long capRefusals, boolean atCap) {
        isWaiting[slot] = true;
        waited[slot] = true;
        waitingSince[slot] = now;
        capRefusalsAtWait[slot] = capRefusals;
        if (atCap) {
            waitedAtCap[slot] = true;
        }
    }

    /** @return true if the request waits for a connection now */
    boolean isWaiting(int slot) {
        return isWaiting[slot];
    }

    /**
     * The request's wait ends (it got a connection, or it is given up).
     *
     * @param capRefusals the run's count of connects refused at the cap now: if it changed since the
     *                    wait began, the cap refused a connect while the request waited
     */
    void endWait(int slot, long capRefusals) {
        if (isWaiting[slot]) {
            isWaiting[slot] = false;
            if (capRefusals != capRefusalsAtWait[slot]) {
                waitedAtCap[slot] = true;
            }
        }
    }

    /** A connection would not take the request after all (it was closing): its wait goes on, from when it began. */
    void resumeWait(int slot) {
        isWaiting[slot] = true;
    }

    /** @return when the request began to wait for a connection (meaningful while it waits) */
    long waitingSince(int slot) {
        return waitingSince[slot];
    }

    /** @return true if the request waited for a connection at all */
    boolean waited(int slot) {
        return waited[slot];
    }

    /** @return true if the request waited for a connection while the connection cap refused a connect */
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

    /** @return true if the request was sent once more after its connection closed before any byte of it was written */
    boolean wasRetried(int slot) {
        return retried[slot];
    }

    /** The request's trace id. */
    void traceId(int slot, long id) {
        traceId[slot] = id;
    }

    /** @return the request's trace id, or 0 when the run does not trace */
    long traceId(int slot) {
        return traceId[slot];
    }

    /** @return slots taken and not given back: requests taken off the schedule and not yet ended */
    int inUse() {
        return inUse;
    }

    private void grow() {
        int size = intended.length;
        int bigger = size * 2;
        intended = Arrays.copyOf(intended, bigger);
        tried = Arrays.copyOf(tried, bigger);
        isWaiting = Arrays.copyOf(isWaiting, bigger);
        waitingSince = Arrays.copyOf(waitingSince, bigger);
        capRefusalsAtWait = Arrays.copyOf(capRefusalsAtWait, bigger);
        waitedAtCap = Arrays.copyOf(waitedAtCap, bigger);
        waited = Arrays.copyOf(waited, bigger);
        retried = Arrays.copyOf(retried, bigger);
        traceId = Arrays.copyOf(traceId, bigger);
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
