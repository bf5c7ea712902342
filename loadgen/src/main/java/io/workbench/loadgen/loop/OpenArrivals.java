package io.workbench.loadgen.loop;

import io.workbench.iocore.selector.ScheduledTask;
import io.workbench.loadgen.connection.LoopConnection;
import io.workbench.loadgen.connection.LoopConnections;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.schedule.ArrivalSchedule;

/**
 * A loop's share of an open schedule (and of all-at-once, whose arrivals are all due at one
 * instant). It is the loop's scheduled task: at each intended time the selector runs it, and it
 * sends every arrival that is due, each on an idle connection, in the order they arrived.
 *
 * <p>A request that finds no idle connection waits for one, keeping its intended time. If it is
 * still waiting after the connect delay (a millisecond by default), a connect is started for it
 * (as many connects as requests that waited that long, not one at a time: clients do not stop
 * arriving because earlier requests are slow), up to the run's connection cap. The delay spares
 * the loop, and the target, a connect for every request that meets the connections busy for a
 * moment longer than usual: on loopback a connect costs the loop about as much as sixty requests,
 * and a generator that answered a hiccup of the target with a connect per waiting request spent
 * its time connecting while the responses that would have freed connections went unread, which
 * made more requests wait. A request's wait for a connection, whether for one to come back, for a
 * connect started for it or at the connection cap, is recorded as its connection wait: from the
 * moment the loop tried to send it to the moment it was sent. It is the target's (its busy
 * connections, its accept queue; at the cap, its latency times the rate is more connections than
 * the cap allows) or the kernel's, never the generator's lateness, which ends when the loop tried.
 * Whether it waited at the cap is judged again as long as it waits ({@link RequestSlots}). A
 * request still waiting when the run stops is given up, censored ({@link ErrorKind#WAITING_AT_END}).
 *
 * <p>Nothing is sent before its time, and a late arrival is sent as soon as the loop gets to it,
 * timed from its own intended time: a loop that fell behind shows it as lag, never as a shorter
 * schedule. Whatever wakes the loop sends what is due: its timer, or a response (as each request
 * ends, the schedule is looked at). When the timer fires is the {@link ScheduleWake}'s: at most once
 * per batch window, and, while responses are flowing, up to the slack after an arrival's time, since
 * a response nearly always wakes the loop first. A connect that fails fails the request
 * that has waited longest, with the connect's error kind, so a dead target turns every arrival
 * into a counted error, never a silent gap.
 */
final class OpenArrivals extends ScheduledTask implements LoopWorkload {

    /**
     * Connects a loop has under way at most. A stalled target can leave thousands of requests
     * waiting at once; starting a connect for each in one go would keep the loop in connect
     * system calls while the responses that would free connections go unread. Each connect that
     * completes starts the next. Requests waiting behind them wait for a connect all the same:
     * their wait is connection wait, the target's (its accept queue) or the kernel's.
     */
    static final int MAX_CONNECTING = 256;

    /**
     * Connects started in one go at most; the rest are started by the connect check, due at once,
     * which the selector runs again between the ready keys of its round and after its other due
     * tasks. A connect on loopback costs the loop 20-70 µs (the handshake runs inside the call), so
     * starting {@link #MAX_CONNECTING} at once held the loop's schedule for 5-15 ms in a connect
     * storm (a target fallen behind, thousands of requests waiting); eight at a time hold it for
     * well under a millisecond.
     */
    static final int CONNECTS_PER_PASS = 8;

    /**
     * Arrivals sent in one run of the task at most: a loop that fell behind (or an all-at-once
     * instant) sends the rest in its next round, after reading what is ready, so that its own
     * backlog never keeps it from the responses that free its connections.
     */
    static final int MAX_PER_RUN = 1024;

    private final GeneratorLoop loop;
    private final ArrivalSchedule share;
    private final long startNanos;
    private final ScheduleWake wake;
    private final long connectAfterNanos;
    private final SlotQueue waiting = new SlotQueue();
    private final ConnectCheck connectCheck = new ConnectCheck();
    private long next;
    private volatile boolean done;
    private boolean stopped;
    /** Set while {@link #run()} sends: a request that ends inside a send must not start it again. */
    private boolean running;
    /** When {@link #run()} last began: the batch window counts from it. */
    private long ranNanos;
    private long unsentMeasured;
    private long unsentWarmup;

    /**
     * @param share      this loop's arrivals, as offsets from {@code startNanos}
     * @param startNanos when offset 0 is
     * @param batchNanos the least time between two wakes of the loop for its schedule: arrivals due
     *                   sooner after a wake than this wait for the next (0: a wake for each)
     * @param slackNanos how long after an arrival's time its timer may fire while responses are
     *                   flowing, since one will wake the loop sooner (0: at its time)
     * @param connectAfterNanos how long a request waits for a connection to come back before a
     *                   connect is started for it (0: at once)
     */
    OpenArrivals(GeneratorLoop loop, ArrivalSchedule share, long startNanos, long batchNanos, long slackNanos, long connectAfterNanos) {
        this.loop = loop;
        this.share = share;
        this.startNanos = startNanos;
        this.wake = new ScheduleWake(batchNanos, slackNanos);
        this.connectAfterNanos = connectAfterNanos;
    }

    @Override
    public void start() {
        next = share.next();
        if (next == ArrivalSchedule.END) {
            done = true;
            return;
        }
        loop.selector().schedule(this, startNanos + next);
    }

    /** The next arrival is due (its timer fired, or a response woke the loop): send it and every other that is due now. */
    @Override
    public void run() {
        long now = System.nanoTime();
        ranNanos = now;
        int sent = 0;
        running = true;
        try {
            while (!stopped && next != ArrivalSchedule.END && startNanos + next - now <= 0 && sent < MAX_PER_RUN) {
                dispatch(startNanos + next);
                next = share.next();
                if ((++sent & 15) == 0) {
                    // A burst of arrivals that came due together: look at the clock now and then, not for each one.
                    now = System.nanoTime();
                }
            }
        } finally {
            running = false;
        }
        if (stopped) {
            return;
        }
        if (next == ArrivalSchedule.END) {
            done = true;
            loop.selector().cancel(this);
        } else if (sent == MAX_PER_RUN) {
            // Work left over: the next round, after the ready I/O.
            loop.selector().schedule(this, startNanos + next);
        } else {
            armTimer(loop.slots().inUse() > 0);
        }
    }

    /** Sets the timer for the next arrival, with the slack if {@code inFlight} and responses are flowing. */
    private void armTimer(boolean inFlight) {
        loop.selector().schedule(this, wake.timerFor(startNanos + next, ranNanos, inFlight));
    }

    private void dispatch(long intended) {
        int slot = loop.newRequest(intended);
        if (waiting.isEmpty()) {
            LoopConnection connection;
            while ((connection = loop.connections().takeIdle()) != null) {
                if (loop.send(slot, connection)) {
                    afterSend(connection);
                    return;
                }
            }
        }
        awaitConnection(slot, false);
    }

    /**
     * The request of {@code slot} waits for a connection: for one to come back, or for a connect the
     * connect delay starts for it; or, when the cap leaves no room, for one to come back at the cap.
     */
    private void awaitConnection(int slot, boolean first) {
        if (first) {
            waiting.addFirst(slot);
        } else {
            waiting.addLast(slot);
        }
        long now = System.nanoTime();
        loop.awaitConnection(slot, now);
        if (connectAfterNanos == 0) {
            connectForWaiting(now);
        } else if (!connectCheck.isScheduled()) {
            loop.selector().schedule(connectCheck, now + connectAfterNanos);
        }
    }

    /** Runs when the request that has waited longest has waited the connect delay: connects for every one that has. */
    private final class ConnectCheck extends ScheduledTask {
        @Override
        public void run() {
            connectForWaiting(System.nanoTime());
        }
    }

    private void afterSend(LoopConnection connection) {
        // Pipelining: the connection may take more.
        loop.connections().offerIdle(connection);
    }

    /** Gives {@code connection} to the requests waiting, as many as it takes; @return true if it took any */
    private boolean serveWaiting(LoopConnection connection) {
        boolean served = false;
        while (!waiting.isEmpty() && connection.hasFreeSlot()) {
            int slot = waiting.removeFirst();
            if (!loop.send(slot, connection)) {
                waiting.addFirst(slot);
                break;
            }
            served = true;
        }
        return served;
    }

    @Override
    public void requestEnded(LoopConnection connection) {
        long now = System.nanoTime();
        wake.requestEnded(now);
        if (connection != null && !connection.isClosed()) {
            serveWaiting(connection);
            loop.connections().offerIdle(connection);
        }
        if (running || stopped || next == ArrivalSchedule.END) {
            // Ended inside a send (the run under way goes on with the schedule), stopped, or through.
            return;
        }
        if (startNanos + next - now <= 0) {
            // The loop is awake: what is due goes out now, not at its timer, which may be the slack away.
            run();
        } else if (loop.slots().inUse() == 0) {
            // The last response is in: none will wake the loop before the next arrival, so its timer takes no slack.
            armTimer(false);
        }
    }

    @Override
    public void connected(LoopConnection connection) {
        serveWaiting(connection);
        loop.connections().offerIdle(connection);
        connectForWaiting();
    }

    @Override
    public void connectFailed(ErrorKind kind, Throwable cause, long startedNanos) {
        if (kind == ErrorKind.DESCRIPTOR_LIMIT && loop.connections().openCount() > 0) {
            // No descriptor for one more: the requests wait for the connections this loop has (the cap dropped to them).
            return;
        }
        if (!waiting.isEmpty()) {
            // The connect was the one the request that has waited longest was waiting for: it is given up, censored.
            loop.censor(waiting.removeFirst(), kind);
        }
        connectForWaiting();
    }

    @Override
    public void closed(LoopConnection connection) {
        // Room under the cap again, maybe: the requests waiting at it may get a connect now.
        connectForWaiting();
    }

    /**
     * Starts a connect for each request that has waited the connect delay beyond the connects under
     * way, as the cap and {@link #MAX_CONNECTING} allow, and looks again when the next one will have.
     */
    private void connectForWaiting() {
        connectForWaiting(System.nanoTime());
    }

    private void connectForWaiting(long now) {
        if (stopped || waiting.isEmpty()) {
            return;
        }
        LoopConnections connections = loop.connections();
        RequestSlots slots = loop.slots();
        int ready = 0;
        int limit = Math.min(waiting.size(), MAX_CONNECTING);
        while (ready < limit && now - slots.waitingSince(waiting.get(ready)) >= connectAfterNanos) {
            ready++;
        }
        int started = 0;
        while (connections.connectingCount() < ready && started < CONNECTS_PER_PASS && connections.connect()) {
            // Each connect serves the request that has waited longest when it completes.
            started++;
        }
        if (started == CONNECTS_PER_PASS && connections.connectingCount() < ready && connections.hasRoom()) {
            // More to start: after what else is due, and between the ready keys of the round.
            loop.selector().schedule(connectCheck, now);
            return;
        }
        // When every one it may connect for is ready, the connects' own completions look again.
        if (ready < limit && !connectCheck.isScheduled()) {
            long nextDue = slots.waitingSince(waiting.get(ready)) + connectAfterNanos;
            loop.selector().schedule(connectCheck, nextDue - now > 0 ? nextDue : now);
        }
    }

    @Override
    public void resend(int slot) {
        if (stopped) {
            loop.censor(slot, ErrorKind.WAITING_AT_END);
            return;
        }
        awaitConnection(slot, true);
    }

    @Override
    public void stop(boolean interrupted) {
        if (stopped) {
            return;
        }
        stopped = true;
        loop.selector().cancel(this);
        loop.selector().cancel(connectCheck);
        if (interrupted) {
            countUnsentDue();
        }
        while (!waiting.isEmpty()) {
            loop.censor(waiting.removeFirst(), ErrorKind.WAITING_AT_END);
        }
        done = true;
    }

    /** Interrupted: every arrival already due and not dispatched is due but unsent, and given up untried (censored). */
    private void countUnsentDue() {
        long now = System.nanoTime();
        while (next != ArrivalSchedule.END && startNanos + next - now <= 0) {
            long intended = startNanos + next;
            if (loop.clock().isMeasured(intended)) {
                unsentMeasured++;
            } else {
                unsentWarmup++;
            }
            loop.giveUpUntried(intended);
            next = share.next();
        }
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public long[] unsentDue() {
        return new long[] {unsentMeasured, unsentWarmup};
    }

    @Override
    public String toString() {
        return "OpenArrivals[" + (done ? "done" : "next@" + next) + ",waiting=" + waiting.size() + "]";
    }
}
