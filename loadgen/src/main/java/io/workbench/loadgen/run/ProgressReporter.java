package io.workbench.loadgen.run;

import io.workbench.loadgen.connection.ConnectionBudget;
import io.workbench.loadgen.loop.GeneratorLoop;
import io.workbench.loadgen.loop.LoopCpu;
import io.workbench.loadgen.loop.LoopTimes;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.record.LatencyRecorders;
import io.workbench.loadgen.record.RequestCounters;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The run's once-a-second thread. It swaps each loop's interval histograms out (the loops never
 * wait for it), adds them up kind by kind, writes them to the interval log and to the run's
 * totals, notes how busy the busiest loop was in that second and the generator's lateness p99 in
 * it (the verdict asks, once the run's lateness limit is known, how busy the loop was in the
 * seconds that were late), and prints the progress line on stderr. Ticks are counted from the run's
 * start, not slept one after another, so they do not drift; one more wakes it at the measured
 * phase's start, to read the CPU and the loops' clocks there.
 */
final class ProgressReporter implements Runnable {

    private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final LatencyRecorders.Kind[] KINDS = LatencyRecorders.Kind.values();

    private final RunClock clock;
    private final List<GeneratorLoop> loops;
    private final ConnectionBudget budget;
    private final IntervalLog log;
    private final PrintStream progress;
    private final String alarmPrefix;
    private final Map<LatencyRecorders.Kind, Histogram> totals = new EnumMap<>(LatencyRecorders.Kind.class);
    private final Histogram[][] recycled;
    /** Each kind's interval over every loop, reused second after second. */
    private final Histogram[] merged = new Histogram[KINDS.length];
    private final Thread thread;
    private volatile boolean stopped;
    private long lastSent;
    private long lastTickNanos;
    private LoopTimes lastTick;
    /** The loops' clocks and the CPU where the measured phase began, and where it ended; null until then. */
    private volatile PhaseMark measuredStart;
    private volatile PhaseMark measuredEnd;
    /** Each measured second's lateness p99 (µs) and the busiest loop's busy share in it (-1: unknown), in order. */
    private long[] secondLagMicros = new long[64];
    private double[] secondBusy = new double[64];
    private int seconds;
    /** Whether priming has taken a phase's readings once. */
    private boolean primedMark;

    /** Where a phase began or ended: the loops' clocks, the process's CPU time and the loops' own threads' CPU time. */
    record PhaseMark(LoopTimes loops, long cpuNanos, LoopCpu loopCpu) {
    }

    /**
     * @param log         where intervals go, or null for none
     * @param progress    where the progress line goes, or null for none
     * @param alarmPrefix the names of the loops' alarm threads but for the loop's index
     */
    ProgressReporter(RunClock clock, List<GeneratorLoop> loops, ConnectionBudget budget, IntervalLog log, PrintStream progress,
                     String alarmPrefix) {
        this.clock = clock;
        this.loops = List.copyOf(loops);
        this.budget = budget;
        this.log = log;
        this.progress = progress;
        this.alarmPrefix = alarmPrefix;
        this.recycled = new Histogram[loops.size()][KINDS.length];
        for (LatencyRecorders.Kind kind : KINDS) {
            totals.put(kind, LatencyRecorders.newHistogram());
            merged[kind.ordinal()] = LatencyRecorders.newHistogram();
        }
        this.thread = new Thread(this, "loadgen-reporter");
        this.thread.setDaemon(true);
        this.lastTickNanos = clock.startNanos();
        this.lastTick = LoopTimes.read(this.loops);
    }

    void start() {
        thread.start();
    }

    @Override
    public void run() {
        long tick = 1;
        while (!stopped) {
            long due = clock.startNanos() + tick * TICK_NANOS;
            boolean markStart = measuredStart == null && clock.measuredStartNanos() - due < 0;
            long wake = markStart ? clock.measuredStartNanos() : due;
            long now;
            while (!stopped && (now = System.nanoTime()) - wake < 0) {
                LockSupport.parkNanos(this, wake - now);
            }
            if (stopped) {
                return;
            }
            if (markStart) {
                markMeasuredStart();
                continue;
            }
            tick();
            tick++;
        }
    }

    /** The measured phase begins: the CPU and the loops' clocks are read (once). */
    synchronized void markMeasuredStart() {
        if (measuredStart == null) {
            measuredStart = mark();
        }
    }

    /** The measured phase is over (its last request ended): the CPU and the loops' clocks are read (once). */
    synchronized void markMeasuredEnd() {
        markMeasuredStart();
        if (measuredEnd == null) {
            measuredEnd = mark();
        }
    }

    private PhaseMark mark() {
        return new PhaseMark(LoopTimes.read(loops), Cpu.processNanos(), LoopCpu.read(loops, alarmPrefix, thread));
    }

    private synchronized void tick() {
        long now = System.nanoTime();
        LoopTimes times = LoopTimes.read(loops);
        Double busy = times.busiestShareSince(lastTick);
        if (clock.isMeasured(now)) {
            Histogram lag = swapIntervals();
            if (lag != null && lag.getTotalCount() > 0) {
                noteSecond(lag.getValueAtPercentile(99), busy == null ? -1 : busy);
            }
        }
        if (progress != null) {
            progress.println(progressLine(now, busy));
        }
        lastTick = times;
        lastTickNanos = now;
    }

    /**
     * Priming, on the caller's thread (the thread is not started): swaps, adds up and writes the
     * loops' intervals and formats a progress line, as a tick does, so that the reporter's code is
     * compiled before a run's first measured second instead of in it (the reporter shares the
     * generator's core: interpreted, its first tick kept the loop off the core for milliseconds).
     */
    synchronized void primeTick() {
        swapIntervals();
        if (!primedMark) {
            // A phase's readings, their classes loaded here rather than at the measured phase's start (once: each
            // reading of the loops' threads' CPU looks through every thread of the process).
            primedMark = mark().loopCpu() != null;
        }
        String line = progressLine(System.nanoTime(), lastTick.busiestShareSince(lastTick));
        if (line.isEmpty()) {
            throw new IllegalStateException("no progress line");
        }
    }

    /** Stops the thread and takes the last (partial) interval; the totals are complete after this. */
    void stop() throws InterruptedException {
        stopped = true;
        LockSupport.unpark(thread);
        thread.join(TimeUnit.SECONDS.toMillis(5));
        synchronized (this) {
            markMeasuredEnd();
            swapIntervals();
            if (log != null) {
                log.close();
            }
        }
    }

    private void noteSecond(long lagP99Micros, double busy) {
        if (seconds == secondLagMicros.length) {
            // Once every 64 seconds of a run: a second's work, not a request's.
            secondLagMicros = java.util.Arrays.copyOf(secondLagMicros, seconds * 2);
            secondBusy = java.util.Arrays.copyOf(secondBusy, seconds * 2);
        }
        secondLagMicros[seconds] = lagP99Micros;
        secondBusy[seconds] = busy;
        seconds++;
    }

    /** @return this interval's lateness over every loop, or null if nothing was swapped */
    private Histogram swapIntervals() {
        Histogram lag = null;
        for (LatencyRecorders.Kind kind : KINDS) {
            Histogram merged = this.merged[kind.ordinal()];
            merged.reset();
            long start = Long.MAX_VALUE;
            long end = 0;
            for (int i = 0; i < loops.size(); i++) {
                Histogram interval = loops.get(i).recorders().recorder(kind).getIntervalHistogram(recycled[i][kind.ordinal()]);
                recycled[i][kind.ordinal()] = interval;
                merged.add(interval);
                start = Math.min(start, interval.getStartTimeStamp());
                end = Math.max(end, interval.getEndTimeStamp());
            }
            if (loops.isEmpty()) {
                continue;
            }
            merged.setStartTimeStamp(start);
            merged.setEndTimeStamp(end);
            // The first interval began when the recorder was made, before the warm-up: it holds only measured values.
            long measuredStartEpoch = clock.toEpochMillis(clock.measuredStartNanos());
            if (merged.getStartTimeStamp() < measuredStartEpoch) {
                merged.setStartTimeStamp(measuredStartEpoch);
            }
            totals.get(kind).add(merged);
            if (log != null) {
                log.write(kind.tag(), merged);
            }
            if (kind == LatencyRecorders.Kind.LATENESS) {
                lag = merged;
            }
        }
        if (log != null) {
            log.flush();
        }
        return lag;
    }

    private String progressLine(long now, Double busy) {
        boolean inWarmup = !clock.isMeasured(now);
        List<RequestCounters> parts = new ArrayList<>();
        for (GeneratorLoop loop : loops) {
            parts.add(inWarmup ? loop.warmup() : loop.measured());
        }
        RequestCounters counters = RequestCounters.sum(parts);
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
                "%6.1fs %s sent %d done %d errors %d rate %s in-flight %d conns %d p99 %s lag-p99 %s loop-busy %s",
                elapsed, inWarmup ? "warmup  " : "measured", sent, done, errors, rate, Math.max(0, sent - done), budget.openCount(),
                inWarmup ? "-" : millis(totals.get(LatencyRecorders.Kind.INTENDED_TO_END)),
                inWarmup ? "-" : millis(totals.get(LatencyRecorders.Kind.LATENESS)),
                busy == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * busy));
    }

    private static String millis(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.3fms", histogram.getValueAtPercentile(99) / 1000.0);
    }

    /** @return the measured phase's distributions; complete after {@link #stop()} */
    Latencies totals() {
        return new Latencies(totals);
    }

    PhaseMark measuredStart() {
        return measuredStart;
    }

    PhaseMark measuredEnd() {
        return measuredEnd;
    }

    /**
     * @return the highest busy share of the busiest loop in a measured second whose lateness p99 was
     *         over {@code limitMicros}, or null if none was: a loop flat out in the second it fell
     *         behind was behind for want of CPU, however idle the other seconds were
     */
    synchronized Double laggingBusyShare(double limitMicros) {
        double highest = -1;
        for (int i = 0; i < seconds; i++) {
            if (secondLagMicros[i] > limitMicros && secondBusy[i] >= 0) {
                highest = Math.max(highest, secondBusy[i]);
            }
        }
        return highest < 0 ? null : highest;
    }

    /** @return the reporter's thread */
    Thread thread() {
        return thread;
    }

    @Override
    public String toString() {
        return "ProgressReporter[" + (stopped ? "stopped" : "running") + ",measured="
                + totals.get(LatencyRecorders.Kind.INTENDED_TO_END).getTotalCount() + "]";
    }
}
