package io.workbench.mainjob.suite.proc;

import io.workbench.mainjob.report.GcLog;
import io.workbench.mainjob.report.results.GcPause;
import io.workbench.mainjob.report.results.TargetCost;
import io.workbench.mainjob.report.results.TargetStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What a target process spends over one measured phase, read from outside it: at the phase's start
 * its peaks are reset (the resident set's through {@code clear_refs}, threads' through
 * {@code /stats?resetPeaks}) and everything is read, then about once a second its cumulative
 * counters, then everything again at the end. Writes {@value #FILE_NAME} (a row per reading) and
 * gives the phase's {@link TargetCost}: CPU, switches and allocation per request served, peak
 * threads and resident memory, GC pauses that began in the phase, and the CPU its idle neighbours
 * (the other targets of its group, waiting on the same core) used meanwhile.
 *
 * <p>Life cycle: {@link #startNow()} or {@link #startWhen} (the sampling thread waits for the
 * instant, e.g. the generator's measured start), then {@link #finish}. A run that ends before its
 * phase began has no cost. The readings during the phase are made on the one low-priority
 * {@link SamplingThread}, which shares the generator's core. Context switches are read from every
 * thread's file, about 20 us a thread: at the phase's ends always, in the rows between only while
 * the process has at most {@value #SWITCHES_IN_EVERY_ROW_UP_TO} threads (elsewhere those cells are empty).
 */
public final class PhaseSampler {

    public static final String FILE_NAME = "target-samples.csv";
    public static final String HEADER =
            "epoch_ms,completed,cpu_user_ns,cpu_kernel_ns,voluntary_switches,involuntary_switches,threads,rss_bytes";
    static final long INTERVAL_MILLIS = 1_000;
    static final int SWITCHES_IN_EVERY_ROW_UP_TO = 500;
    /** How often the start's supplier is asked while the instant is not known yet. */
    private static final long START_POLL_MILLIS = 5;

    private final ProcessProbe process;
    private final TargetCounters counters;
    private final Path gcLog;
    private final ScheduledExecutorService sampling;
    private final List<ProcessProbe> neighbours;
    private final List<Row> rows = new ArrayList<>();
    private final List<ScheduledFuture<?>> scheduled = new ArrayList<>();
    private volatile boolean finishing;
    private Ends start;

    /**
     * @param sampling   the thread that reads while the phase runs ({@link SamplingThread})
     * @param gcLog      the target's GC log ({@code -Xlog:gc} with wall-clock stamps), or null
     * @param neighbours the other targets idle on the same core, whose CPU over the phase is what they took from this one
     */
    public PhaseSampler(ProcessProbe process, TargetCounters counters, Path gcLog, ScheduledExecutorService sampling,
                        List<ProcessProbe> neighbours) {
        this.process = process;
        this.counters = counters;
        this.gcLog = gcLog;
        this.sampling = sampling;
        this.neighbours = List.copyOf(neighbours);
    }

    /** One row of {@value #FILE_NAME}; a value that could not be read is null (an empty cell). */
    record Row(long epochMillis, Long completed, Long cpuUserNanos, Long cpuKernelNanos, Long voluntarySwitches,
               Long involuntarySwitches, Integer threads, Long rssBytes) {

        String csv() {
            return epochMillis + "," + cell(completed) + "," + cell(cpuUserNanos) + "," + cell(cpuKernelNanos) + ","
                    + cell(voluntarySwitches) + "," + cell(involuntarySwitches) + "," + cell(threads) + "," + cell(rssBytes);
        }

        private static String cell(Object value) {
            return value == null ? "" : value.toString();
        }
    }

    /** Everything read at one end of the phase; {@code neighboursCpuNanos} is null when one of them could not be read. */
    private record Ends(long epochMillis, TargetStats stats, ProcessStat stat, ProcessProbe.Switches switches, boolean peakReset,
                        Long neighboursCpuNanos) {
    }

    /** The phase starts now: reset the peaks and read everything here, then a row a second on the sampling thread. */
    public synchronized void startNow() {
        begin();
        everySecond();
    }

    /**
     * The phase starts at the instant {@code startEpochMillis} gives, once it gives one (asked every
     * few milliseconds on the sampling thread), and is read there at that instant, then every second.
     */
    public synchronized void startWhen(Supplier<OptionalLong> startEpochMillis) {
        AtomicReference<ScheduledFuture<?>> poll = new AtomicReference<>();
        poll.set(sampling.scheduleWithFixedDelay(() -> {
            OptionalLong at = startEpochMillis.get();
            synchronized (this) {
                if (at.isEmpty() || finishing || poll.get() == null || poll.get().isCancelled()) {
                    return;
                }
                poll.get().cancel(false);
                scheduled.add(sampling.schedule(() -> {
                    synchronized (this) {
                        if (!finishing) {
                            begin();
                            everySecond();
                        }
                    }
                }, Math.max(0, at.getAsLong() - System.currentTimeMillis()), TimeUnit.MILLISECONDS));
            }
        }, 0, START_POLL_MILLIS, TimeUnit.MILLISECONDS));
        scheduled.add(poll.get());
    }

    /**
     * The phase ends now: the last readings, {@code csv} written, the cost worked out. Empty when the
     * phase never began (the run ended first) or the process could not be read at either end.
     */
    public Optional<TargetCost> finish(Path csv) throws IOException {
        synchronized (this) {
            finishing = true;
            scheduled.forEach(future -> future.cancel(false));
        }
        // The sampling thread runs one task at a time: once this one has run, none of the phase's is under way.
        try {
            sampling.submit(() -> { }).get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException | java.util.concurrent.RejectedExecutionException stuck) {
            // A read that hangs on a target that stopped answering: its row is not waited for.
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        Ends begun;
        synchronized (this) {
            begun = start;
        }
        if (begun == null) {
            return Optional.empty();
        }
        Ends end = read(false);
        synchronized (this) {
            rows.add(row(end));
            writeCsv(csv, rows);
        }
        return cost(begun, end);
    }

    private void begin() {
        Ends ends = read(true);
        start = ends;
        rows.add(row(ends));
    }

    /** Called holding the lock: a row every second from now on the sampling thread, until the phase finishes. */
    private void everySecond() {
        scheduled.add(sampling.scheduleAtFixedRate(() -> {
            if (finishing) {
                return;
            }
            Row row = periodicRow();
            synchronized (this) {
                if (!finishing) {
                    rows.add(row);
                }
            }
        }, INTERVAL_MILLIS, INTERVAL_MILLIS, TimeUnit.MILLISECONDS));
    }

    private Ends read(boolean resetPeaks) {
        boolean peakReset = resetPeaks && process.resetPeakResident();
        long now = System.currentTimeMillis();
        TargetStats stats = (resetPeaks ? counters.statsResettingPeaks() : counters.stats()).orElse(null);
        ProcessStat stat = process.stat().orElse(null);
        ProcessProbe.Switches switches = process.switches().orElse(null);
        Long neighboursCpu = 0L;
        for (ProcessProbe neighbour : neighbours) {
            Optional<ProcessStat> idle = neighbour.stat();
            neighboursCpu = idle.isEmpty() || neighboursCpu == null ? null
                    : neighboursCpu + idle.get().cpuUserNanos() + idle.get().cpuKernelNanos();
        }
        return new Ends(now, stats, stat, switches, peakReset, neighboursCpu);
    }

    private Row periodicRow() {
        long now = System.currentTimeMillis();
        TargetStats stats = counters.stats().orElse(null);
        ProcessStat stat = process.stat().orElse(null);
        ProcessProbe.Switches switches = stat != null && stat.threads() <= SWITCHES_IN_EVERY_ROW_UP_TO ? process.switches().orElse(null) : null;
        return new Row(now, stats == null ? null : stats.served(), stat == null ? null : stat.cpuUserNanos(),
                stat == null ? null : stat.cpuKernelNanos(), switches == null ? null : switches.voluntary().sum(),
                switches == null ? null : switches.involuntary().sum(), stat == null ? null : stat.threads(),
                stat == null ? null : stat.residentBytes());
    }

    private static Row row(Ends ends) {
        return new Row(ends.epochMillis(), ends.stats() == null ? null : ends.stats().served(),
                ends.stat() == null ? null : ends.stat().cpuUserNanos(), ends.stat() == null ? null : ends.stat().cpuKernelNanos(),
                ends.switches() == null ? null : ends.switches().voluntary().sum(),
                ends.switches() == null ? null : ends.switches().involuntary().sum(),
                ends.stat() == null ? null : ends.stat().threads(), ends.stat() == null ? null : ends.stat().residentBytes());
    }

    private static void writeCsv(Path csv, List<Row> rows) throws IOException {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8))) {
            out.println(HEADER);
            for (Row row : rows) {
                out.println(row.csv());
            }
        }
    }

    private Optional<TargetCost> cost(Ends start, Ends end) throws IOException {
        if (start.stat() == null || end.stat() == null) {
            return Optional.empty();
        }
        Long served = start.stats() != null && end.stats() != null ? end.stats().served() - start.stats().served() : null;
        long requests = served == null ? 0 : Math.max(0, served);
        double seconds = (end.epochMillis() - start.epochMillis()) / 1000.0;
        Double user = perRequest((end.stat().cpuUserNanos() - start.stat().cpuUserNanos()) / 1000.0, requests);
        Double kernel = perRequest((end.stat().cpuKernelNanos() - start.stat().cpuKernelNanos()) / 1000.0, requests);
        Double voluntary = null;
        Double involuntary = null;
        String switchesNote = null;
        if (start.switches() != null && end.switches() != null) {
            voluntary = perRequest(end.switches().voluntary().since(start.switches().voluntary()), requests);
            involuntary = perRequest(end.switches().involuntary().since(start.switches().involuntary()), requests);
            int ended = end.switches().voluntary().endedSince(start.switches().voluntary());
            if (ended > 0) {
                switchesNote = ended + " thread(s) ended during the phase: their switches in it are not counted";
            }
        } else {
            switchesNote = "the threads' switch counts could not be read";
        }
        int peakThreads = Math.max(start.stat().threads(), end.stat().threads());
        long peakRss = Math.max(start.stat().residentBytes(), end.stat().residentBytes());
        synchronized (this) {
            for (Row row : rows) {
                peakThreads = Math.max(peakThreads, row.threads() == null ? 0 : row.threads());
                peakRss = Math.max(peakRss, row.rssBytes() == null ? 0 : row.rssBytes());
            }
        }
        if (end.stats() != null && end.stats().jvm() != null) {
            peakThreads = Math.max(peakThreads, end.stats().jvm().peakThreads());
        }
        if (start.peakReset() && end.stat().peakResidentBytes() >= 0) {
            peakRss = Math.max(peakRss, end.stat().peakResidentBytes());
        }
        Double allocated = null;
        if (start.stats() != null && start.stats().jvm() != null && end.stats() != null && end.stats().jvm() != null) {
            allocated = perRequest(end.stats().jvm().allocatedBytes() - start.stats().jvm().allocatedBytes(), requests);
        }
        List<GcPause> pauses = gcLog == null ? List.of() : GcLog.pauses(gcLog).stream()
                .filter(pause -> pause.startEpochMillis() >= start.epochMillis() && pause.startEpochMillis() <= end.epochMillis())
                .toList();
        double pauseTotal = pauses.stream().mapToDouble(GcPause::durationMs).sum();
        double pauseMax = pauses.stream().mapToDouble(GcPause::durationMs).max().orElse(0);
        Double neighboursShare = neighbours.isEmpty() || start.neighboursCpuNanos() == null || end.neighboursCpuNanos() == null
                || !(seconds > 0) ? null : (end.neighboursCpuNanos() - start.neighboursCpuNanos()) / 1e9 / seconds;
        return Optional.of(new TargetCost(requests, seconds, user, kernel, voluntary, involuntary, switchesNote, peakThreads, peakRss,
                allocated, pauses.size(), pauseTotal, pauseMax, neighboursShare));
    }

    private static Double perRequest(double amount, long requests) {
        return requests > 0 ? amount / requests : null;
    }

    @Override
    public String toString() {
        return "PhaseSampler[pid=" + process.pid() + (start == null ? ", not started" : ", started at " + start.epochMillis())
                + (finishing ? ", finishing" : "") + ", rows=" + rows.size() + "]";
    }
}
