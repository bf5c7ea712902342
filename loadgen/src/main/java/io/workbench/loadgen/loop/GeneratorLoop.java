package io.workbench.loadgen.loop;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.iocore.http.client.HttpResponseListener;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.loadgen.connection.LoopConnection;
import io.workbench.loadgen.connection.LoopConnections;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.LatencyRecorders;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.run.RunClock;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;

/**
 * One event loop of the load generator: an iocore selector that owns its share of the schedule, the
 * connections it opened and the requests it sent. Its thread waits for the next intended time
 * (the selector's scheduled tasks, with the precision of its {@link io.workbench.iocore.selector.DeadlineWait}),
 * writes each request from that same thread, reads the responses, counts and records each request
 * once, and reuses the connection: no request crosses a thread between its schedule and its
 * socket, as in wrk2's and Netty's loops.
 *
 * <p>This class is the part every workload shares: a request's slot ({@link RequestSlots}) from its
 * arrival to its end, the send, the one listener of every request, and the loop's single-writer
 * counters and recorders, which the reporter reads and swaps from its own thread. What is sent
 * when is the {@link LoopWorkload}'s.
 *
 * <p>What is recorded: every measured request that got a response, whatever its status, and every
 * one that timed out, at the moment it was given up (a lower bound of what its user waited).
 * Requests that failed otherwise (reset, closed, refused) are counted, not timed. A request that
 * found its keep-alive connection closed by the server while idle, before any byte of its
 * response, is sent once more ({@code staleRetried}), its intended time kept, so that its latency
 * shows what the stale connection cost.
 */
public final class GeneratorLoop implements HttpResponseListener {

    private static final VarHandle FIRST_SEND;
    private static final VarHandle LAST_SEND;
    private static final VarHandle LAST_MEASURED_END;
    private static final VarHandle LAST_DISPATCH;
    private static final VarHandle BLOCKED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            FIRST_SEND = lookup.findVarHandle(GeneratorLoop.class, "firstSendNanos", long.class);
            LAST_SEND = lookup.findVarHandle(GeneratorLoop.class, "lastSendNanos", long.class);
            LAST_MEASURED_END = lookup.findVarHandle(GeneratorLoop.class, "lastMeasuredEndNanos", long.class);
            LAST_DISPATCH = lookup.findVarHandle(GeneratorLoop.class, "lastDispatchNanos", long.class);
            BLOCKED = lookup.findVarHandle(GeneratorLoop.class, "blockedMeasured", long.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    private final int index;
    private final LoopConnections connections;
    private final HttpRequest request;
    private final RequestSlots slots = new RequestSlots(256);
    private final RequestCounters warmup = new RequestCounters();
    private final RequestCounters measured = new RequestCounters();
    private final LatencyRecorders recorders = new LatencyRecorders();
    /** Set on the loop's thread when a workload begins; read by other threads only through isDone(). */
    private volatile LoopWorkload workload;
    private RunClock clock;
    /** Written by the loop only (opaque), read by the run: 0 until the first send. */
    @SuppressWarnings("unused")
    private long firstSendNanos;
    @SuppressWarnings("unused")
    private long lastSendNanos;
    @SuppressWarnings("unused")
    private long lastMeasuredEndNanos;
    @SuppressWarnings("unused")
    private long lastDispatchNanos;
    /** Measured requests that waited for a connection at the cap, counted when they got one. */
    @SuppressWarnings("unused")
    private long blockedMeasured;
    private boolean sentAny;

    public GeneratorLoop(int index, LoopConnections connections, HttpRequest request) {
        this.index = index;
        this.connections = connections;
        this.request = request;
    }

    /**
     * From any thread: on the loop's thread, {@code next} becomes what the loop sends, timed against
     * {@code runClock}, and starts; the workload before it hears nothing more. The future completes
     * once it has started.
     */
    public CompletableFuture<Void> begin(RunClock runClock, LoopWorkload next) {
        return onLoop(() -> {
            clock = runClock;
            workload = next;
            connections.listen(next);
            next.start();
        });
    }

    /** From any thread: the workload stops sending; the future completes once it has, on the loop's thread. */
    public CompletableFuture<Void> stop(boolean interrupted) {
        return onLoop(() -> workload.stop(interrupted));
    }

    /** From any thread, for priming: {@code micros} recorded in this loop's recorders, on its thread. */
    public CompletableFuture<Void> recordForPriming(long micros) {
        return onLoop(() -> recorders.recordForPriming(micros));
    }

    /** From any thread: every connection of this loop is closed; the future completes once the closes are under way. */
    public CompletableFuture<Void> closeConnections() {
        return onLoop(connections::closeAll);
    }

    private CompletableFuture<Void> onLoop(Runnable action) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        boolean submitted = selector().submit(() -> {
            try {
                action.run();
                done.complete(null);
            } catch (Throwable x) {
                done.completeExceptionally(x);
            }
        });
        if (!submitted) {
            done.completeExceptionally(new IllegalStateException(this + ": its selector has stopped"));
        }
        return done;
    }

    // --- for the workloads, on the loop's thread ---------------------------------------------------

    /** A request arrives at {@code intendedNanos}: it is counted as sent in its phase, and gets a slot. */
    int newRequest(long intendedNanos) {
        int slot = slots.take(intendedNanos);
        countersOf(intendedNanos).sent();
        LAST_DISPATCH.setOpaque(this, System.nanoTime());
        return slot;
    }

    /**
     * Gives the request of {@code slot} to {@code connection}, which writes it on this thread.
     *
     * @return true if the connection took it; false if it is closing (the caller tries another)
     */
    boolean send(int slot, LoopConnection connection) {
        long now = System.nanoTime();
        slots.gotConnection(slot, now);
        RequestCounters counters = countersOf(slots.intended(slot));
        // The listener may end the request, and a later one take its slot, before send() returns
        // (the connection closed meanwhile): read what the slot says first.
        boolean firstWrite = !slots.wasRetried(slot);
        boolean blocked = slots.waitedAtCap(slot) && counters == measured;
        Admission admission = connection.connection().send(request, this, slot);
        if (admission != Admission.ACCEPTED) {
            return false;
        }
        if (firstWrite) {
            counters.written();
        }
        if (blocked) {
            BLOCKED.setOpaque(this, (long) BLOCKED.getOpaque(this) + 1);
        }
        if (!sentAny) {
            sentAny = true;
            FIRST_SEND.setOpaque(this, now);
        }
        LAST_SEND.setOpaque(this, now);
        return true;
    }

    /** The request of {@code slot} could not be given to any connection: it ends as {@code kind}, never written. */
    void failUnsent(int slot, ErrorKind kind) {
        countersOf(slots.intended(slot)).error(kind);
        slots.release(slot);
    }

    RequestSlots slots() {
        return slots;
    }

    LoopConnections connections() {
        return connections;
    }

    RunClock clock() {
        return clock;
    }

    /** @return the selector this loop runs on */
    public ManagedSelector selector() {
        return connections.selector();
    }

    private RequestCounters countersOf(long intendedNanos) {
        return clock.isMeasured(intendedNanos) ? measured : warmup;
    }

    // --- the listener ------------------------------------------------------------------------------

    /** The generator counts a body's bytes and keeps none: the client skips it by its length, with no copy. */
    @Override
    public boolean wantsContent() {
        return false;
    }

    @Override
    public void onComplete(HttpExchange exchange) {
        int slot = (int) exchange.tag();
        long intended = slots.intended(slot);
        boolean isMeasured = clock.isMeasured(intended);
        RequestCounters counters = isMeasured ? measured : warmup;
        LoopConnection connection = connections.of(exchange.connection());
        counters.bodyBytes(exchange.contentBytes());
        if (exchange.isSucceeded()) {
            int status = exchange.status();
            if (status >= 200 && status < 300) {
                counters.ok();
            } else {
                counters.error(ErrorKind.NON_2XX);
            }
            if (isMeasured) {
                record(slot, intended, exchange.sentNanos(), exchange.completedNanos());
            }
        } else {
            HttpClientException failure = exchange.failure();
            if (failure.kind() == HttpClientException.Kind.TIMEOUT) {
                counters.timedOut();
                if (isMeasured) {
                    record(slot, intended, exchange.sentNanos(), exchange.completedNanos());
                }
            } else if (isStale(failure) && slots.claimRetry(slot)) {
                counters.staleRetried();
                // From its first send on, the request waits for a connection the target has not closed:
                // the target's doing, like a connect, not the generator's lateness.
                long sent = exchange.sentNanos();
                slots.waiting(slot, sent != 0 ? sent : exchange.completedNanos(), true);
                workload.resend(slot);
                workload.requestEnded(connection);
                return;
            } else {
                counters.error(ErrorKind.of(failure));
            }
        }
        slots.release(slot);
        workload.requestEnded(connection);
    }

    private static boolean isStale(HttpClientException failure) {
        return ErrorKind.isStaleConnection(failure);
    }

    private void record(int slot, long intended, long sent, long end) {
        recorders.record(intended, slots.connectWait(slot), sent, end);
        if (end - (long) LAST_MEASURED_END.getOpaque(this) > 0) {
            LAST_MEASURED_END.setOpaque(this, end);
        }
    }

    // --- what the run reads, from any thread -------------------------------------------------------

    public RequestCounters warmup() {
        return warmup;
    }

    public RequestCounters measured() {
        return measured;
    }

    public LatencyRecorders recorders() {
        return recorders;
    }

    /** @return when this loop first gave a request to a socket, or 0 */
    public long firstSendNanos() {
        return (long) FIRST_SEND.getOpaque(this);
    }

    public long lastSendNanos() {
        return (long) LAST_SEND.getOpaque(this);
    }

    /** @return measured requests that waited for a connection at the connection cap */
    public long blockedMeasured() {
        return (long) BLOCKED.getOpaque(this);
    }

    /** @return when this loop last took an arrival off its schedule (whether or not it got a connection), or 0 */
    public long lastDispatchNanos() {
        return (long) LAST_DISPATCH.getOpaque(this);
    }

    public long lastMeasuredEndNanos() {
        return (long) LAST_MEASURED_END.getOpaque(this);
    }

    /** @return requests sent and not yet ended, both phases */
    public long inFlight() {
        return warmup.sentCount() - warmup.doneCount() + measured.sentCount() - measured.doneCount();
    }

    /** @return true once the workload will send nothing more (read from any thread: a racy but monotonic answer) */
    public boolean isDone() {
        LoopWorkload current = workload;
        return current != null && current.isDone();
    }

    public long[] unsentDue() {
        return workload.unsentDue();
    }

    public int index() {
        return index;
    }

    @Override
    public String toString() {
        return "GeneratorLoop#" + index + "[" + workload + "," + connections + "," + slots + ",measured=" + measured + "]";
    }
}
