package io.workbench.loadgen.loop;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.iocore.http.client.HttpResponseListener;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.loadgen.connection.ConnectionBudget;
import io.workbench.loadgen.connection.LoopConnection;
import io.workbench.loadgen.connection.LoopConnections;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.LatencyRecorders;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.run.RunClock;
import io.workbench.loadgen.trace.LoopTrace;
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
 * <p>What is recorded (see {@link LatencyRecorders}): every measured request that got a response,
 * whatever its status, and every one that timed out, at the moment it was given up (a lower bound
 * of what its user waited); every measured request the generator gave up before its response
 * (its connect failed or timed out, or the run ended while it waited for a connection or for its
 * response), censored, up to the moment it was given up. Requests that failed otherwise (reset,
 * closed, a bad response) are counted, not timed.
 *
 * <p>No request is sent twice. A request is sent once more, once, its intended time and its first
 * try kept (so its latency shows what the closed connection cost), only when the server closed or
 * reset its connection before any byte of it was written ({@code NOT_WRITTEN}: the server never saw
 * it) and its method is idempotent; otherwise it ends as an error of its kind, counted.
 */
public final class GeneratorLoop implements HttpResponseListener {

    private static final VarHandle FIRST_SEND;
    private static final VarHandle LAST_SEND;
    private static final VarHandle LAST_MEASURED_END;
    private static final VarHandle FIRST_RESPONSE;
    private static final VarHandle LAST_RESPONSE;
    private static final VarHandle LAST_DISPATCH;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            FIRST_SEND = lookup.findVarHandle(GeneratorLoop.class, "firstSendNanos", long.class);
            LAST_SEND = lookup.findVarHandle(GeneratorLoop.class, "lastSendNanos", long.class);
            LAST_MEASURED_END = lookup.findVarHandle(GeneratorLoop.class, "lastMeasuredEndNanos", long.class);
            FIRST_RESPONSE = lookup.findVarHandle(GeneratorLoop.class, "firstResponseNanos", long.class);
            LAST_RESPONSE = lookup.findVarHandle(GeneratorLoop.class, "lastResponseNanos", long.class);
            LAST_DISPATCH = lookup.findVarHandle(GeneratorLoop.class, "lastDispatchNanos", long.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    private final int index;
    private final LoopConnections connections;
    private final HttpRequest request;
    /** Whether a request that was not written may be sent again: its method is idempotent. */
    private final boolean mayRetry;
    private final RequestSlots slots = new RequestSlots(256);
    private final RequestCounters warmup = new RequestCounters();
    private final RequestCounters measured = new RequestCounters();
    private final LatencyRecorders recorders;
    /** Set on the loop's thread when a workload begins; read by other threads only through isDone(). */
    private volatile LoopWorkload workload;
    /** The thread that runs the loop, noted when a workload begins; 0 before. */
    private volatile long threadId;
    private RunClock clock;
    /** Written by the loop only (opaque), read by the run: 0 until the first send. */
    @SuppressWarnings("unused")
    private long firstSendNanos;
    @SuppressWarnings("unused")
    private long lastSendNanos;
    @SuppressWarnings("unused")
    private long lastMeasuredEndNanos;
    /** The first and the last end of a measured request with a response (whatever its status); 0 until one. */
    @SuppressWarnings("unused")
    private long firstResponseNanos;
    @SuppressWarnings("unused")
    private long lastResponseNanos;
    @SuppressWarnings("unused")
    private long lastDispatchNanos;
    private boolean sentAny;
    private boolean respondedAny;
    /** Set on the loop's thread when the run stops the workload: what is aborted after is given up by the run. */
    private boolean stopped;
    /** Where each request's id and stamps go when the run traces, or null. */
    private LoopTrace trace;

    /** @param latencyFloorNanos the floor its recorders also record tried->end beyond (0: none) */
    public GeneratorLoop(int index, LoopConnections connections, HttpRequest request, long latencyFloorNanos) {
        this.recorders = new LatencyRecorders(latencyFloorNanos);
        this.index = index;
        this.connections = connections;
        this.request = request;
        this.mayRetry = request.isIdempotent();
    }

    /**
     * From any thread: on the loop's thread, {@code next} becomes what the loop sends, timed against
     * {@code runClock}, and starts; the workload before it hears nothing more. The future completes
     * once it has started.
     */
    public CompletableFuture<Void> begin(RunClock runClock, LoopWorkload next) {
        return onLoop(() -> {
            threadId = Thread.currentThread().threadId();
            clock = runClock;
            workload = next;
            connections.listen(next);
            next.start();
        });
    }

    /**
     * From any thread: the workload stops sending; the future completes once it has, on the loop's
     * thread. From then on a request the client aborts (the run closes its connections, or stops the
     * client) was given up by the run: censored, like the requests still waiting for a connection.
     */
    public CompletableFuture<Void> stop(boolean interrupted) {
        return onLoop(() -> {
            stopped = true;
            workload.stop(interrupted);
        });
    }

    /**
     * From any thread, before {@link #begin}: every request from now on gets an id, sent in the
     * request's numbered field, and its stamps go to {@code into} when it ends (the run traces).
     */
    public CompletableFuture<Void> traceInto(LoopTrace into) {
        return onLoop(() -> trace = into);
    }

    /** @return where this loop's requests' ids and stamps go, or null if the run does not trace */
    public LoopTrace trace() {
        return trace;
    }

    /** From any thread: the loop notes the thread it runs on, whose CPU time the run reads from its start. */
    public CompletableFuture<Void> noteThread() {
        return onLoop(() -> threadId = Thread.currentThread().threadId());
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

    /** A request intended at {@code intendedNanos} is tried now: it is counted as sent in its phase, and gets a slot. */
    int newRequest(long intendedNanos) {
        return newRequest(intendedNanos, System.nanoTime());
    }

    /** A request intended at {@code intendedNanos} was tried at {@code triedNanos}: it is counted as sent in its phase, and gets a slot. */
    int newRequest(long intendedNanos, long triedNanos) {
        int slot = slots.take(intendedNanos, triedNanos);
        if (trace != null) {
            slots.traceId(slot, trace.nextId());
        }
        countersOf(intendedNanos).sent();
        LAST_DISPATCH.setOpaque(this, triedNanos);
        return slot;
    }

    /**
     * The request of {@code slot} begins to wait for a connection (none is idle): judged at the cap
     * if the cap has no room now, or if it refuses a connect before the wait ends.
     */
    void awaitConnection(int slot, long now) {
        ConnectionBudget budget = connections.budget();
        slots.waiting(slot, now, budget.capRefusals(), !budget.hasRoom());
    }

    /**
     * Gives the request of {@code slot} to {@code connection}, which writes it on this thread.
     *
     * @return true if the connection took it; false if it is closing (the caller tries another)
     */
    boolean send(int slot, LoopConnection connection) {
        long now = System.nanoTime();
        boolean waited = slots.isWaiting(slot);
        if (waited) {
            slots.endWait(slot, connections.budget().capRefusals());
        }
        // The listener may end the request, and a later one take its slot, before send() returns
        // (the connection closed meanwhile): read what the slot says first.
        RequestCounters counters = countersOf(slots.intended(slot));
        boolean firstWrite = !slots.wasRetried(slot);
        Admission admission = connection.connection().send(request, this, slot, slots.traceId(slot));
        if (admission != Admission.ACCEPTED) {
            if (waited) {
                slots.resumeWait(slot);
            }
            return false;
        }
        if (firstWrite) {
            counters.written();
        }
        if (!sentAny) {
            sentAny = true;
            FIRST_SEND.setOpaque(this, now);
        }
        LAST_SEND.setOpaque(this, now);
        return true;
    }

    /**
     * The request of {@code slot} is given up before it was written, as {@code kind} (its connect
     * failed, or the run ended while it waited for a connection): an error of that kind, censored,
     * and, measured, timed from its intended time to now.
     */
    void censor(int slot, ErrorKind kind) {
        long now = System.nanoTime();
        long intended = slots.intended(slot);
        RequestCounters counters = countersOf(intended);
        slots.endWait(slot, connections.budget().capRefusals());
        counters.error(kind);
        counters.censored();
        if (clock.isMeasured(intended)) {
            recorders.recordCensored(intended, slots.tried(slot), now);
            noteMeasuredEnd(now);
        }
        traceEnded(slot, 0, now, LoopTrace.Outcome.CENSORED, kind);
        end(slot, counters);
    }

    /**
     * An arrival intended at {@code intendedNanos} came due and is given up untried (the run was
     * interrupted): measured, it is timed from its intended time to now, censored. Its workload
     * counts it as due and unsent.
     */
    void giveUpUntried(long intendedNanos) {
        if (clock.isMeasured(intendedNanos)) {
            long now = System.nanoTime();
            recorders.recordCensored(intendedNanos, 0, now);
            noteMeasuredEnd(now);
        }
    }

    /** The request of {@code slot} ended, counted in {@code counters}: what it waited for is counted, and its slot freed. */
    private void end(int slot, RequestCounters counters) {
        if (slots.waited(slot)) {
            counters.queued();
            if (slots.waitedAtCap(slot)) {
                counters.queuedAtCap();
            }
        }
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
                noteResponse(exchange.completedNanos());
            }
            traceEnded(slot, exchange.sentNanos(), exchange.completedNanos(),
                    status >= 200 && status < 300 ? LoopTrace.Outcome.OK : LoopTrace.Outcome.NON_2XX, null);
        } else {
            HttpClientException failure = exchange.failure();
            if (failure.kind() == HttpClientException.Kind.TIMEOUT) {
                counters.timedOut();
                if (isMeasured) {
                    record(slot, intended, exchange.sentNanos(), exchange.completedNanos());
                }
                traceEnded(slot, exchange.sentNanos(), exchange.completedNanos(), LoopTrace.Outcome.TIMEOUT, null);
            } else if (ErrorKind.isNotWritten(failure) && mayRetry && slots.claimRetry(slot)) {
                // The server never saw it: once more, on another connection, its intended time and its first try kept.
                counters.retried();
                workload.resend(slot);
                workload.requestEnded(connection);
                return;
            } else if (stopped && failure.kind() == HttpClientException.Kind.ABORTED) {
                // In flight when the run ended (its drain was over, or it was interrupted): given up, timed up to now.
                counters.error(ErrorKind.ABORTED);
                counters.censored();
                if (isMeasured) {
                    recorders.recordCensored(intended, slots.tried(slot), exchange.completedNanos());
                    noteMeasuredEnd(exchange.completedNanos());
                }
                traceEnded(slot, exchange.sentNanos(), exchange.completedNanos(), LoopTrace.Outcome.CENSORED, ErrorKind.ABORTED);
            } else {
                ErrorKind kind = ErrorKind.of(failure);
                counters.error(kind);
                traceEnded(slot, exchange.sentNanos(), exchange.completedNanos(), LoopTrace.Outcome.ERROR, kind);
            }
        }
        end(slot, counters);
        workload.requestEnded(connection);
    }

    /** The request of {@code slot} ended as {@code outcome}: its id and stamps go to the trace, if the run traces. */
    private void traceEnded(int slot, long sent, long end, LoopTrace.Outcome outcome, ErrorKind kind) {
        if (trace != null) {
            long intended = slots.intended(slot);
            trace.ended(slots.traceId(slot), intended, slots.tried(slot), sent, end, clock.isMeasured(intended), slots.wasRetried(slot),
                    outcome, kind);
        }
    }

    private void record(int slot, long intended, long sent, long end) {
        recorders.record(intended, slots.tried(slot), sent, end);
        noteMeasuredEnd(end);
    }

    private void noteMeasuredEnd(long end) {
        if (end - (long) LAST_MEASURED_END.getOpaque(this) > 0) {
            LAST_MEASURED_END.setOpaque(this, end);
        }
    }

    private void noteResponse(long end) {
        if (!respondedAny) {
            respondedAny = true;
            FIRST_RESPONSE.setOpaque(this, end);
        }
        if (end - (long) LAST_RESPONSE.getOpaque(this) > 0) {
            LAST_RESPONSE.setOpaque(this, end);
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

    /** @return when this loop's first measured request with a response ended, or 0 */
    public long firstResponseNanos() {
        return (long) FIRST_RESPONSE.getOpaque(this);
    }

    /** @return when this loop's last measured request with a response ended, or 0 */
    public long lastResponseNanos() {
        return (long) LAST_RESPONSE.getOpaque(this);
    }

    /** @return the id of the thread that runs this loop, or 0 before a workload began */
    public long threadId() {
        return threadId;
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
