package io.workbench.loadgen.run;

import io.workbench.loadgen.connection.ConnectionPool;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.record.LatencyRecorders;
import io.workbench.loadgen.record.RequestCounters;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The run's once-a-second thread: swaps the recorders' interval histograms out (the recording
 * threads never wait for it), writes them to the interval log, adds them to the run's totals, and
 * prints the progress line on stderr. Ticks are counted from the run's start, not slept one after
 * another, so they do not drift.
 */
final class ProgressReporter implements Runnable {

    private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final RunClock clock;
    private final LatencyRecorders recorders;
    private final RequestCounters warmup;
    private final RequestCounters measured;
    private final ConnectionPool pool;
    private final IntervalLog log;
    private final PrintStream progress;
    private final Histogram totalIntendedToEnd = LatencyRecorders.newHistogram();
    private final Histogram totalSendToEnd = LatencyRecorders.newHistogram();
    private final Histogram totalIntendedToSend = LatencyRecorders.newHistogram();
    private Histogram recycled1;
    private Histogram recycled2;
    private Histogram recycled3;
    private final Thread thread;
    private volatile boolean stopped;
    private long lastSent;
    private long lastTickNanos;

    /**
     * @param log      where intervals go, or null for none
     * @param progress where the progress line goes, or null for none
     */
    ProgressReporter(RunClock clock, LatencyRecorders recorders, RequestCounters warmup, RequestCounters measured, ConnectionPool pool,
                     IntervalLog log, PrintStream progress) {
        this.clock = clock;
        this.recorders = recorders;
        this.warmup = warmup;
        this.measured = measured;
        this.pool = pool;
        this.log = log;
        this.progress = progress;
        this.thread = new Thread(this, "loadgen-reporter");
        this.thread.setDaemon(true);
        this.lastTickNanos = clock.startNanos();
    }

    void start() {
        thread.start();
    }

    @Override
    public void run() {
        long tick = 1;
        while (!stopped) {
            long due = clock.startNanos() + tick * TICK_NANOS;
            long now;
            while (!stopped && (now = System.nanoTime()) - due < 0) {
                LockSupport.parkNanos(this, due - now);
            }
            if (stopped) {
                return;
            }
            tick();
            tick++;
        }
    }

    private synchronized void tick() {
        long now = System.nanoTime();
        if (clock.isMeasured(now)) {
            swapIntervals();
        }
        if (progress != null) {
            progress.println(progressLine(now));
        }
        lastTickNanos = now;
    }

    /** Stops the thread and takes the last (partial) interval; the totals are complete after this. */
    void stop() throws InterruptedException {
        stopped = true;
        LockSupport.unpark(thread);
        thread.join(TimeUnit.SECONDS.toMillis(5));
        synchronized (this) {
            swapIntervals();
            if (log != null) {
                log.close();
            }
        }
    }

    private void swapIntervals() {
        recycled1 = swap(recorders.intendedToEnd(), recycled1, totalIntendedToEnd, IntervalLog.INTENDED_TO_END);
        recycled2 = swap(recorders.sendToEnd(), recycled2, totalSendToEnd, IntervalLog.SEND_TO_END);
        recycled3 = swap(recorders.intendedToSend(), recycled3, totalIntendedToSend, IntervalLog.INTENDED_TO_SEND);
        if (log != null) {
            log.flush();
        }
    }

    private Histogram swap(Recorder recorder, Histogram recycled, Histogram total, String tag) {
        Histogram interval = recorder.getIntervalHistogram(recycled);
        // The first interval began when the recorder was made, before the warm-up: it holds only measured values.
        long measuredStartEpoch = clock.toEpochMillis(clock.measuredStartNanos());
        if (interval.getStartTimeStamp() < measuredStartEpoch) {
            interval.setStartTimeStamp(measuredStartEpoch);
        }
        total.add(interval);
        if (log != null) {
            log.write(tag, interval);
        }
        return interval;
    }

    private String progressLine(long now) {
        boolean inWarmup = !clock.isMeasured(now);
        RequestCounters counters = inWarmup ? warmup : measured;
        long sent = counters.sentCount();
        long done = counters.doneCount();
        long errors = counters.errorCount() + counters.timedOutCount();
        // The first tick of the measured phase counts from its start, and from 0.
        boolean phaseChanged = !inWarmup && !clock.isMeasured(lastTickNanos);
        long since = phaseChanged ? clock.measuredStartNanos() : lastTickNanos;
        double window = (now - since) / 1e9;
        String rate = window < 0.1 ? "-" : String.format(Locale.ROOT, "%.0f/s", (sent - (phaseChanged ? 0 : lastSent)) / window);
        lastSent = sent;
        double elapsed = (now - clock.startNanos()) / 1e9;
        return String.format(Locale.ROOT,
                "%6.1fs %s sent %d done %d errors %d rate %s in-flight %d conns %d p99 %s lag-p99 %s",
                elapsed, inWarmup ? "warmup  " : "measured", sent, done, errors, rate, Math.max(0, sent - done), pool.openCount(),
                inWarmup ? "-" : millis(totalIntendedToEnd), inWarmup ? "-" : millis(totalIntendedToSend));
    }

    private static String millis(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.3fms", histogram.getValueAtPercentile(99) / 1000.0);
    }

    Histogram totalIntendedToEnd() {
        return totalIntendedToEnd;
    }

    Histogram totalSendToEnd() {
        return totalSendToEnd;
    }

    Histogram totalIntendedToSend() {
        return totalIntendedToSend;
    }

    @Override
    public String toString() {
        return "ProgressReporter[" + (stopped ? "stopped" : "running") + ",measured=" + totalIntendedToEnd.getTotalCount() + "]";
    }
}
