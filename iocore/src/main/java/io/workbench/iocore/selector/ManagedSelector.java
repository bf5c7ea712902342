package io.workbench.iocore.selector;

import io.workbench.iocore.component.Dumpable;
import io.workbench.iocore.io.Connection;
import io.workbench.iocore.io.ConnectionFactory;
import io.workbench.iocore.thread.ExecutionStrategy;
import java.io.IOException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * One NIO {@link Selector} and the loop that drives it, as the {@link ExecutionStrategy.Producer}
 * of an execution strategy: each call to {@link #produce()} returns the task of the next ready
 * key, and when the ready keys are exhausted it applies the round's interest changes, runs the
 * actions other threads submitted, sweeps for idle endpoints when due, and selects again.
 *
 * <p>Rules that keep it fast:
 * <ul>
 *   <li>Interest ops are changed only here, and only when they differ from what the key has
 *       (each change is an {@code epoll_ctl}): a connection that reads, answers and asks to read
 *       again within one round leaves its key untouched.</li>
 *   <li>Other threads reach the selector only through {@link #submit(Runnable)}: a lock-free
 *       JCTools MPSC queue, and a {@code wakeup()} only when {@link SelectorWakeup} says the
 *       selector is blocked.</li>
 *   <li>Ready keys are collected with {@code select(Consumer, timeout)} into an array this class
 *       reuses, so selecting allocates nothing (no selected-key set, no iterator).</li>
 * </ul>
 *
 * <p>It also runs {@link ScheduledTask}s on its thread once their deadline has passed (scheduled
 * with {@link #schedule}, kept in a {@link TimerHeap}), and bounds each blocking select by the next
 * deadline; how it waits for a deadline closer than {@code select(ms)} can express is its
 * {@link DeadlineWait}. It counts the time it spends blocked (idle) and spinning, so that a
 * reader can tell how busy the loop was.
 *
 * <p>A select that throws is not retried at once: {@link SelectFailures} counts the failures in a
 * row, the loop waits a little longer after each (1 ms doubling up to 50 ms by default), and after
 * a run of them it rebuilds the selector: it opens a new one, registers every valid channel with
 * it under the same interest ops and attachment, hands each {@link Selectable} its new key, and
 * closes the old one. The first failure of an episode is logged with its cause, and the recovery
 * with what the episode cost; nothing in between. A selector that is stopping does not retry.
 *
 * <p>The producing thread may change over time (the adaptive strategy hands production to other
 * threads), but only one produces at a time, and the hand-off is a happens-before edge, so the
 * fields marked "producer-owned" need no other synchronization. Which thread produces is the
 * strategy's to say ({@link ExecutionStrategy#isProducingThread()}): a thread that handed
 * production off is not the selector's thread any more, even while it runs the task it kept.
 */
public final class ManagedSelector implements ExecutionStrategy.Producer, Dumpable {

    private static final System.Logger LOG = System.getLogger(ManagedSelector.class.getName());
    private static final int MAX_ACTIONS_PER_ROUND = 4096;
    private static final long STOP_TIMEOUT_MILLIS = 10_000;
    private static final long MILLIS = TimeUnit.MILLISECONDS.toNanos(1);

    private final SelectorManager manager;
    private final int id;
    private final long sweepPeriodNanos;
    private final long sweepPeriodMillis;
    private final MpscUnboundedArrayQueue<Runnable> actions = new MpscUnboundedArrayQueue<>(256);
    private final SelectorWakeup wakeup = new SelectorWakeup();
    private final Consumer<SelectionKey> collector = this::collect;
    private final AtomicInteger endPoints = new AtomicInteger();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Object closedLock = new Object();
    private final ExecutionStrategy strategy;
    private final SelectorOpener opener;
    private final SelectFailures failures;
    private final DeadlineWait deadlineWait;
    private final TimerHeap timers = new TimerHeap();
    private final Runnable alarmWake = this::wakeIfSelecting;
    private volatile Selector selector;
    /** Made on the first wait that needs it, stopped with the selector. */
    private volatile SelectorAlarm alarm;
    /** Time spent blocked in select or parked, and time spent spinning for a deadline; written by the producer only. */
    private volatile long idleNanos;
    private volatile long spinNanos;
    private volatile boolean stopping;
    private volatile boolean closed;

    // Producer-owned.
    private SelectionKey[] ready = new SelectionKey[64];
    private int readyCount;
    private int readyIndex;
    private long nextSweep;

    ManagedSelector(SelectorManager manager, int id, ExecutionStrategy.Kind kind, long sweepPeriodMillis,
                    SelectorOpener opener, SelectFailures.Policy failurePolicy, DeadlineWait deadlineWait) {
        this.manager = manager;
        this.deadlineWait = deadlineWait;
        this.id = id;
        this.opener = opener;
        this.failures = new SelectFailures(failurePolicy);
        this.sweepPeriodMillis = sweepPeriodMillis;
        this.sweepPeriodNanos = TimeUnit.MILLISECONDS.toNanos(sweepPeriodMillis);
        this.strategy = kind.create(this, manager.getProducerPool(), manager.getWorkerPool());
    }

    void start() throws IOException {
        selector = opener.open();
        nextSweep = System.nanoTime() + sweepPeriodNanos;
        strategy.dispatch();
    }

    /**
     * Runs {@code action} on this selector's producing thread, before its next select; wakes the
     * selector if it is blocked. Actions must not block.
     *
     * @return false if the selector has stopped and will run nothing more
     */
    public boolean submit(Runnable action) {
        if (closed) {
            return false;
        }
        actions.offer(action);
        if (closed) {
            // The selector closed while we offered: nobody else will run what is left.
            drainClosed();
        } else if (wakeup.claimWakeup()) {
            Selector s = selector;
            if (s != null) {
                s.wakeup();
            }
        }
        return true;
    }

    /**
     * @return true if the calling thread is producing for this selector right now; false on a
     *         thread that has handed production to another (the adaptive strategy's hand-off) and
     *         runs the task it kept, from before the other can start producing
     */
    public boolean isSelectorThread() {
        return strategy.isProducingThread();
    }

    /** @return true once the selector is stopping: what is registered with it from now on would not be closed by it */
    boolean isStopping() {
        return stopping || closed;
    }

    /** @return the number of endpoints registered here and not yet closed */
    public int getEndPointCount() {
        return endPoints.get();
    }

    /** @return how many times select has thrown since this selector started */
    public long getSelectFailures() {
        return failures.failures();
    }

    /** @return how many times the selector was replaced by a new one after failing */
    public long getSelectorRebuilds() {
        return failures.rebuilds();
    }

    /** @return the strategy that runs this selector's tasks */
    public ExecutionStrategy getStrategy() {
        return strategy;
    }

    /**
     * Runs {@code task} on this selector's thread once {@code deadline} ({@link System#nanoTime()})
     * has passed, or moves it there if it is already scheduled here. A deadline that has already
     * passed makes it run in the next round, after the I/O that round finds ready: a task that
     * keeps rescheduling itself as due (work left over) runs once a round, never in a loop that
     * leaves ready connections unread. This selector's thread only (from another, submit an action
     * that calls it); allocates nothing once the heap has grown.
     *
     * @throws IllegalStateException on another thread, or if the task is scheduled on another selector
     */
    public void schedule(ScheduledTask task, long deadline) {
        requireSelectorThread();
        // Already due: it runs in the next round, after the I/O that round finds ready.
        timers.schedule(task, deadline, deadline - System.nanoTime() <= 0);
    }

    /**
     * Unschedules {@code task}; this selector's thread only.
     *
     * @return true if it was scheduled here and will not run
     */
    public boolean cancel(ScheduledTask task) {
        requireSelectorThread();
        return timers.cancel(task);
    }

    private void requireSelectorThread() {
        if (!strategy.isProducingThread()) {
            throw new IllegalStateException("not on the thread of " + this + ": submit an action that schedules");
        }
    }

    /** @return how this selector waits for a deadline closer than a millisecond */
    public DeadlineWait getDeadlineWait() {
        return deadlineWait;
    }

    /** @return nanoseconds spent blocked in select (or parked) since it started: time with nothing to do */
    public long getIdleNanos() {
        return idleNanos;
    }

    /** @return nanoseconds spent spinning for a deadline since it started (busy on the CPU, with nothing to do) */
    public long getSpinNanos() {
        return spinNanos;
    }

    @Override
    public Runnable produce() {
        if (closed) {
            return null;
        }
        while (true) {
            while (readyIndex < readyCount) {
                if (readyIndex > 0) {
                    runTimersDueMidRound();
                }
                Runnable task = processSelected(ready[readyIndex++]);
                if (task != null) {
                    return task;
                }
            }
            if (readyCount > 0) {
                updateKeys();
            }
            runActions();
            if (stopping) {
                closeAll();
                return null;
            }
            sweepIfDue();
            runTimers();
            select();
        }
    }

    /**
     * Between two ready keys of one round: runs the tasks already due. A round can hold hundreds of
     * ready keys (a load generator reading as many streaming responses), and processing them all
     * before the round's timers made a task wait for the whole round: milliseconds. Now a task
     * waits for at most the key being processed. (Not before the first key: a round starts with
     * its I/O, and what came due just before the select ran just before it.) Safe mid-round: an
     * interest change made by a task for a key not yet updated merges into that key's update at
     * the round's end.
     */
    private void runTimersDueMidRound() {
        if (isTaskDue()) {
            runTimers();
        }
    }

    /**
     * @return true if a task scheduled here is due: what runs on this selector's thread for long
     *         (a connection reading a body that keeps filling its buffer) gives the selector back
     *         then, so that the task waits for one read, not for the body. This selector's thread only.
     */
    public boolean isTaskDue() {
        ScheduledTask first = timers.peek();
        return first != null && first.deadline - System.nanoTime() <= 0;
    }

    /**
     * Runs the tasks whose deadline had passed when it began, each at most once: a task that
     * schedules itself as due again (work left over), or one that another task schedules as due,
     * waits for the next round, after the I/O that round finds ready (see {@link TimerHeap}); one
     * scheduled for later is not due at the time this call read. So the loop ends, and runs no more
     * tasks than were due when it began.
     */
    private void runTimers() {
        if (timers.size() == 0) {
            return;
        }
        long now = System.nanoTime();
        ScheduledTask task;
        while ((task = timers.pollDue(now)) != null) {
            runAction(task);
        }
    }

    private Runnable processSelected(SelectionKey key) {
        if (!(key.attachment() instanceof Selectable selectable)) {
            return null;
        }
        try {
            return key.isValid() ? selectable.onSelected(key) : null;
        } catch (java.nio.channels.CancelledKeyException x) {
            return null;
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, "processing " + selectable + " failed", x);
            selectable.close(x);
            return null;
        }
    }

    private void updateKeys() {
        for (int i = 0; i < readyCount; i++) {
            SelectionKey key = ready[i];
            ready[i] = null;
            if (key.attachment() instanceof Selectable selectable) {
                try {
                    selectable.updateKey(key);
                } catch (java.nio.channels.CancelledKeyException x) {
                    // Closed meanwhile: the close path cleans up.
                }
            }
        }
        readyCount = 0;
        readyIndex = 0;
    }

    private void runActions() {
        for (int i = 0; i < MAX_ACTIONS_PER_ROUND; i++) {
            Runnable action = actions.poll();
            if (action == null) {
                return;
            }
            runAction(action);
        }
    }

    private static void runAction(Runnable action) {
        try {
            action.run();
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, "selector action " + action + " failed", x);
        }
    }

    private void select() {
        Selector s = selector;
        // A new round: the tasks scheduled as due in the one that ends may run in it, after its I/O.
        timers.nextRound();
        try {
            ScheduledTask next = timers.peek();
            if (next == null) {
                blockingSelect(s, sweepPeriodMillis);
            } else {
                selectUntil(s, next.deadline);
            }
        } catch (IOException | RuntimeException x) {
            // A ClosedSelectorException (closed under the loop: only the loop itself closes it, when
            // it stops) or any other unchecked exception is a failure like an IOException, not a
            // reason to stop, nor to let the exception out of produce(), which would stop it silently.
            onSelectFailed(x);
            return;
        }
        if (failures.isFailing()) {
            onSelectRecovered();
        }
    }

    /** Selects, blocking at most {@code timeoutMillis} unless actions are waiting; the blocked time is idle time. */
    private void blockingSelect(Selector s, long timeoutMillis) throws IOException {
        blockingSelect(s, timeoutMillis, 0);
    }

    /**
     * Selects as {@link #blockingSelect(Selector, long)}, and when it is about to block, first arms
     * the alarm for {@code alarmAt} (unless 0). The alarm is armed only once the selector is
     * SELECTING: an alarm that fires from then on finds the wakeup claimable and wakes the select,
     * even a select not yet entered (its wakeup makes that select return at once). Armed before,
     * an alarm for a deadline very near could fire while the selector is still PROCESSING, wake
     * nothing, and leave the select to sleep its whole timeout.
     */
    private void blockingSelect(Selector s, long timeoutMillis, long alarmAt) throws IOException {
        if (wakeup.prepareToSelect(actions)) {
            if (alarmAt != 0) {
                alarm().arm(alarmAt);
            }
            long start = System.nanoTime();
            try {
                s.select(collector, timeoutMillis);
            } finally {
                wakeup.selected();
                idleNanos += System.nanoTime() - start;
            }
        } else {
            s.selectNow(collector);
        }
    }

    /**
     * Selects until I/O is ready, an action is submitted, or {@code deadline} has passed, whichever
     * comes first, waiting as the {@link DeadlineWait} says; the sweep period still bounds it.
     */
    private void selectUntil(Selector s, long deadline) throws IOException {
        long now = System.nanoTime();
        long remaining = deadline - now;
        if (remaining <= 0) {
            s.selectNow(collector);
            return;
        }
        long spin = deadlineWait.spinNanos();
        if (remaining <= spin) {
            spinUntil(s, deadline, now);
            return;
        }
        long beforeSpin = remaining - spin;
        switch (deadlineWait.mode()) {
            case SELECT -> {
                // Wake at the spin window's start, or a little after the deadline (whole milliseconds, rounded up).
                long millis = spin >= MILLIS ? beforeSpin / MILLIS : (beforeSpin + MILLIS - 1) / MILLIS;
                blockingSelect(s, Math.max(1, Math.min(sweepPeriodMillis, millis)));
            }
            case PARK -> {
                if (s.selectNow(collector) == 0 && actions.isEmpty()) {
                    long start = System.nanoTime();
                    LockSupport.parkNanos(this, Math.min(beforeSpin, sweepPeriodNanos));
                    idleNanos += System.nanoTime() - start;
                    s.selectNow(collector);
                }
            }
            case ALARM -> {
                // The alarm wakes the select; its own timeout, a millisecond after the deadline, is the safety net.
                long alarmAt = deadline - spin;
                blockingSelect(s, Math.max(1, Math.min(sweepPeriodMillis, beforeSpin / MILLIS + 2)), alarmAt == 0 ? 1 : alarmAt);
            }
        }
    }

    /** Spins with selectNow until I/O is ready, an action is waiting, the selector stops, or the deadline passes. */
    private void spinUntil(Selector s, long deadline, long start) throws IOException {
        long now = start;
        try {
            while (s.selectNow(collector) == 0 && actions.isEmpty() && !stopping && (now = System.nanoTime()) - deadline < 0) {
                Thread.onSpinWait();
            }
        } finally {
            spinNanos += System.nanoTime() - start;
        }
    }

    private SelectorAlarm alarm() {
        SelectorAlarm a = alarm;
        if (a == null) {
            a = alarm = new SelectorAlarm(manager.getConfig().name() + "-alarm-" + id, alarmWake);
            a.start();
        }
        return a;
    }

    /** @return the alarm thread's driver, or null if no wait has needed one yet */
    SelectorAlarm alarmIfMade() {
        return alarm;
    }

    /** The alarm fired: wake the selector if it is blocked in select (if not, it sees the deadline itself). */
    private void wakeIfSelecting() {
        if (wakeup.claimWakeup()) {
            Selector s = selector;
            if (s != null) {
                s.wakeup();
            }
        }
    }

    /**
     * Producer thread: a select threw. Logs only the first failure of an episode, waits, and
     * rebuilds the selector when the run of failures calls for it. A stopping selector does none
     * of it: the loop goes straight on to close.
     */
    private void onSelectFailed(Exception cause) {
        // What a failed select may have collected is dropped: the selector is level-triggered and
        // reports those keys again, and after a rebuild they would be keys of the old selector.
        discardReady();
        if (stopping) {
            LOG.log(System.Logger.Level.DEBUG, "select failed on {0} while stopping: {1}", this, cause);
            return;
        }
        if (failures.failed()) {
            SelectFailures.Policy policy = failures.policy();
            LOG.log(System.Logger.Level.WARNING, "select failed on " + this + "; retrying after a wait of up to "
                    + TimeUnit.NANOSECONDS.toMillis(policy.maxBackoffNanos()) + " ms, rebuilding the selector after "
                    + policy.rebuildAfter() + " failures in a row; no more of this until select works again", cause);
        }
        failures.backOff();
        if (!stopping && failures.rebuildDue()) {
            rebuildSelector();
        }
    }

    private void onSelectRecovered() {
        SelectFailures.Episode episode = failures.succeeded();
        LOG.log(System.Logger.Level.WARNING, "select works again on " + this + " after " + episode.failures()
                + " failures in a row over " + TimeUnit.NANOSECONDS.toMillis(episode.nanos()) + " ms; selector rebuilt "
                + episode.rebuilds() + " times" + (episode.failedRebuilds() > 0
                        ? ", " + episode.failedRebuilds() + " rebuilds could not open a selector" : ""));
    }

    /**
     * Producer thread: replaces the selector with a new one. Every valid key's channel is
     * registered with the new selector under the key's interest ops and attachment, its
     * {@link Selectable} gets the new key, and the old key is cancelled; then the old selector
     * closes. A channel that cannot move (closed meanwhile) is left to its own close path; one that
     * fails otherwise is closed with the cause, since nothing would ever select it again.
     */
    private void rebuildSelector() {
        Selector old = selector;
        Selector fresh;
        try {
            fresh = opener.open();
        } catch (IOException | RuntimeException x) {
            failures.rebuildFailed();
            LOG.log(System.Logger.Level.DEBUG, "rebuilding {0}: cannot open a selector: {1}", this, x);
            return;
        }
        SelectionKey[] keys;
        try {
            keys = old.keys().toArray(new SelectionKey[0]);
        } catch (ClosedSelectorException x) {
            // Closed under the loop: its keys went with it, and the channels that were registered
            // with it cannot be found to be moved.
            keys = new SelectionKey[0];
            LOG.log(System.Logger.Level.WARNING, "the selector of " + this + " was closed under its loop: the channels"
                    + " registered with it (" + endPoints.get() + " endpoints) could not be moved to the new one");
        }
        int moved = 0;
        for (SelectionKey key : keys) {
            if (moveKey(key, fresh)) {
                moved++;
            }
        }
        selector = fresh;
        try {
            old.close();
        } catch (IOException | RuntimeException x) {
            LOG.log(System.Logger.Level.DEBUG, "closing the old selector of {0} failed: {1}", this, x);
        }
        failures.rebuilt();
        LOG.log(System.Logger.Level.DEBUG, "rebuilt the selector of {0}: {1} channels moved", this, moved);
    }

    private static boolean moveKey(SelectionKey key, Selector fresh) {
        Object attachment = key.attachment();
        try {
            if (!key.isValid()) {
                return false;
            }
            SelectionKey moved = key.channel().register(fresh, key.interestOps(), attachment);
            key.cancel();
            if (attachment instanceof Selectable selectable) {
                selectable.keyReplaced(moved);
            }
            return true;
        } catch (ClosedChannelException | CancelledKeyException x) {
            // Closed by another thread meanwhile: its close path cleans up.
            return false;
        } catch (RuntimeException x) {
            key.cancel();
            if (attachment instanceof Selectable selectable) {
                LOG.log(System.Logger.Level.WARNING, "moving " + selectable + " to a rebuilt selector failed", x);
                selectable.close(x);
            }
            return false;
        }
    }

    private void discardReady() {
        for (int i = 0; i < readyCount; i++) {
            ready[i] = null;
        }
        readyCount = 0;
        readyIndex = 0;
    }

    private void collect(SelectionKey key) {
        if (readyCount == ready.length) {
            ready = Arrays.copyOf(ready, readyCount * 2);
        }
        ready[readyCount++] = key;
    }

    private void sweepIfDue() {
        long now = System.nanoTime();
        if (now - nextSweep < 0) {
            return;
        }
        nextSweep = now + sweepPeriodNanos;
        if (!selector.isOpen()) {
            // Closed under the loop: the select that follows fails, and a run of failures replaces it.
            return;
        }
        for (SelectionKey key : selector.keys()) {
            if (key.isValid() && key.attachment() instanceof Selectable selectable) {
                try {
                    selectable.onSweep(now);
                } catch (Throwable x) {
                    LOG.log(System.Logger.Level.WARNING, "sweeping " + selectable + " failed", x);
                }
            }
        }
    }

    /** Registers an accepted channel and opens its connection, on this selector's thread. */
    void register(SocketChannel channel, ConnectionFactory factory) {
        if (!submit(new Register(channel, factory))) {
            closeQuietly(channel);
        }
    }

    /**
     * Creates the endpoint for a registered channel and opens its connection; producer thread only.
     *
     * @return the connection, or null if opening it failed (the endpoint is then closed)
     */
    Connection createEndPoint(SocketChannel channel, SelectionKey key, ConnectionFactory factory) {
        SocketChannelEndPoint endPoint = new SocketChannelEndPoint(channel, this, key, manager.getConfig().idleTimeoutMillis());
        key.attach(endPoint);
        endPoints.incrementAndGet();
        try {
            Connection connection = factory.newConnection(endPoint);
            if (connection == null || connection.getEndPoint() != endPoint) {
                throw new IllegalStateException(factory + " made " + connection + " for " + endPoint);
            }
            endPoint.setConnection(connection);
            connection.onOpen();
            return connection;
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, "opening a connection for " + endPoint + " failed", x);
            endPoint.close(x);
            return null;
        }
    }

    /** An endpoint closed: it is forgotten and its connection told; on the producing thread when possible. */
    void onEndPointClosed(SocketChannelEndPoint endPoint, Throwable cause) {
        endPoints.decrementAndGet();
        Connection connection = endPoint.getConnection();
        if (connection != null) {
            try {
                connection.onClose(cause);
            } catch (Throwable x) {
                LOG.log(System.Logger.Level.WARNING, connection + ".onClose() failed", x);
            }
        }
    }

    /** Asks the selector to stop and waits until it closed every endpoint and itself. */
    void stop() {
        if (selector == null) {
            return;
        }
        stopping = true;
        if (!submit(() -> { })) {
            return;
        }
        try {
            if (!stopped.await(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                LOG.log(System.Logger.Level.ERROR, "{0} did not stop in {1} ms", this, STOP_TIMEOUT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Producer thread, once: closes every endpoint, runs their close actions, releases the fds. */
    private void closeAll() {
        Selector s = selector;
        try {
            AsynchronousCloseException cause = new AsynchronousCloseException();
            for (SelectionKey key : s.keys().toArray(new SelectionKey[0])) {
                if (key.attachment() instanceof Selectable selectable) {
                    try {
                        selectable.close(cause);
                    } catch (Throwable x) {
                        LOG.log(System.Logger.Level.WARNING, "closing " + selectable + " failed", x);
                    }
                }
            }
            discardReady();
            timers.clear();
            SelectorAlarm a = alarm;
            if (a != null) {
                a.stop();
            }
            Runnable action;
            while ((action = actions.poll()) != null) {
                runAction(action);
            }
            closed = true;
            drainClosed();
            try {
                // Deregisters the cancelled keys, which is when the JDK really closes their channels.
                s.selectNow();
            } catch (IOException x) {
                // A failing selector still closes below, and closing deregisters every key as well.
                LOG.log(System.Logger.Level.DEBUG, "last selectNow of {0} failed: {1}", this, x);
            }
            s.close();
        } catch (IOException | ClosedSelectorException x) {
            LOG.log(System.Logger.Level.WARNING, "closing " + this + " failed", x);
        } finally {
            closed = true;
            stopped.countDown();
        }
    }

    /** After close, any thread may run what is left; the lock keeps the queue single-consumer. */
    private void drainClosed() {
        synchronized (closedLock) {
            Runnable action;
            while ((action = actions.poll()) != null) {
                runAction(action);
            }
        }
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // Nothing more to do for a channel we are giving up on.
        }
    }

    @Override
    public void dump(StringBuilder out, String indent) {
        Dumpable.line(out, indent, this);
        Dumpable.line(out, indent + "  ", strategy);
        CompletableFuture<List<String>> keys = new CompletableFuture<>();
        // Keys may only be read on the selector thread: ask it.
        boolean asked = submit(() -> {
            List<String> lines = new ArrayList<>();
            for (SelectionKey key : selector.keys()) {
                lines.add(String.valueOf(key.attachment()));
            }
            keys.complete(lines);
        });
        try {
            List<String> lines = asked ? keys.get(5, TimeUnit.SECONDS) : List.of();
            for (String line : lines) {
                Dumpable.line(out, indent + "  ", line);
            }
        } catch (Exception x) {
            Dumpable.line(out, indent + "  ", "<keys unavailable: " + x + ">");
        }
    }

    @Override
    public String toString() {
        String state = closed ? "CLOSED" : stopping ? "STOPPING" : selector == null ? "NEW" : "RUNNING";
        return "ManagedSelector@" + Integer.toHexString(hashCode()) + "[id=" + id + "," + state
                + ",wakeup=" + SelectorWakeup.name(wakeup.get()) + ",endPoints=" + endPoints.get()
                + ",actions=" + actions.size() + ",wait=" + deadlineWait + "," + failures.describe() + "]";
    }

    /** Registers an accepted channel with this selector and opens its connection. */
    private final class Register implements Runnable {
        private final SocketChannel channel;
        private final ConnectionFactory factory;

        Register(SocketChannel channel, ConnectionFactory factory) {
            this.channel = channel;
            this.factory = factory;
        }

        @Override
        public void run() {
            if (stopping) {
                closeQuietly(channel);
                return;
            }
            SelectionKey key;
            try {
                key = channel.register(selector, 0);
            } catch (IOException | RuntimeException x) {
                LOG.log(System.Logger.Level.DEBUG, "registering {0} failed: {1}", channel, x);
                closeQuietly(channel);
                return;
            }
            createEndPoint(channel, key, factory);
        }

        @Override
        public String toString() {
            return "register[" + channel + "]";
        }
    }

    Selector selector() {
        return selector;
    }

    SelectorManager manager() {
        return manager;
    }
}
