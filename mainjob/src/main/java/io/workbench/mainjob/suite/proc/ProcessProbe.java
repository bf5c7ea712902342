package io.workbench.mainjob.suite.proc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Reads one process's counters from {@code /proc/<pid>}, from outside it, the same way for every
 * target whatever it runs on. A file that cannot be read (the process ended, not Linux) gives an
 * empty answer, never a guess.
 *
 * <p>Costs, measured here: {@link #stat()} reads two small files; {@link #switches()} and
 * {@link #runTimes()} read one file per thread (about 20 us and 12 us a thread; 5,000 threads take
 * 100-200 ms and 50-70 ms), so they are read at a phase's ends, not every second, when the process
 * has many threads.
 */
public final class ProcessProbe {

    private final long pid;
    private final Path dir;
    private final long nanosPerTick;
    /** Thread names by id: a JVM's threads are named when they start, so each is read once. */
    private final Map<Long, String> names = new ConcurrentHashMap<>();

    /** The process {@code pid} of this machine. */
    public ProcessProbe(long pid) {
        this(Path.of("/proc"), pid, ClockTicks.nanosPerTick());
    }

    /** A process under another {@code /proc} root (a test's), with the given tick length. */
    ProcessProbe(Path procRoot, long pid, long nanosPerTick) {
        this.pid = pid;
        this.dir = procRoot.resolve(String.valueOf(pid));
        this.nanosPerTick = nanosPerTick;
    }

    public long pid() {
        return pid;
    }

    /** CPU, threads and memory now, or empty when the process is gone or its files do not parse. */
    public Optional<ProcessStat> stat() {
        try {
            String stat = Files.readString(dir.resolve("stat"), StandardCharsets.US_ASCII);
            // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields are counted after the last ')'.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            long utime = Long.parseLong(fields[STAT_UTIME]);
            long stime = Long.parseLong(fields[STAT_STIME]);
            int threads = Integer.parseInt(fields[STAT_THREADS]);
            Map<String, Long> status = statusKilobytes(List.of("VmRSS:", "VmHWM:"));
            Long rss = status.get("VmRSS:");
            Long hwm = status.get("VmHWM:");
            if (rss == null) {
                return Optional.empty();
            }
            return Optional.of(new ProcessStat(utime * nanosPerTick, stime * nanosPerTick, threads, rss * 1024,
                    hwm == null ? -1 : hwm * 1024));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /**
     * Resets the peak resident set ({@code VmHWM}) to the resident set now, by writing 5 to
     * {@code /proc/<pid>/clear_refs} (the kernel's documented reset; the process's owner may write it).
     *
     * @return false when it could not be reset: the peak then runs from the process's start
     */
    public boolean resetPeakResident() {
        try {
            Files.writeString(dir.resolve("clear_refs"), "5\n", StandardCharsets.US_ASCII);
            return true;
        } catch (IOException | RuntimeException refused) {
            return false;
        }
    }

    /** Each thread's voluntary and involuntary context switches ({@code task/<tid>/status}), or empty when the process is gone. */
    public Optional<Switches> switches() {
        Map<Long, Long> voluntary = new HashMap<>();
        Map<Long, Long> involuntary = new HashMap<>();
        boolean read = eachThread((tid, taskDir) -> {
            long v = -1;
            long n = -1;
            for (String line : Files.readAllLines(taskDir.resolve("status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    v = Long.parseLong(line.substring("voluntary_ctxt_switches:".length()).trim());
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    n = Long.parseLong(line.substring("nonvoluntary_ctxt_switches:".length()).trim());
                }
            }
            if (v >= 0 && n >= 0) {
                voluntary.put(tid, v);
                involuntary.put(tid, n);
            }
        });
        return read ? Optional.of(new Switches(new PerThread(voluntary), new PerThread(involuntary))) : Optional.empty();
    }

    /**
     * Each thread's time on a CPU in nanoseconds ({@code task/<tid>/schedstat}, the scheduler's own
     * account, to the nanosecond where {@link #stat()}'s ticks are 10 ms), or empty when the process is gone.
     */
    public Optional<PerThread> runTimes() {
        return runTimes(name -> true);
    }

    /** As {@link #runTimes()}, of the threads whose name ({@code task/<tid>/comm}) {@code counted} accepts. */
    public Optional<PerThread> runTimes(Predicate<String> counted) {
        Map<Long, Long> times = new HashMap<>();
        boolean read = eachThread((tid, taskDir) -> {
            String name = names.get(tid);
            if (name == null) {
                name = Files.readString(taskDir.resolve("comm"), StandardCharsets.UTF_8).strip();
                names.put(tid, name);
            }
            if (counted.test(name)) {
                String schedstat = Files.readString(taskDir.resolve("schedstat"), StandardCharsets.US_ASCII).trim();
                times.put(tid, Long.parseLong(schedstat.substring(0, schedstat.indexOf(' '))));
            }
        });
        return read ? Optional.of(new PerThread(times)) : Optional.empty();
    }

    /**
     * True for a HotSpot thread that collects garbage, by the names HotSpot gives them (the kernel
     * keeps the first 15 bytes): the parallel and serial collectors' {@code GC Thread#N} and
     * {@code VM Thread} (which runs their safepoint work), G1's {@code G1 ...}, ZGC's
     * {@code ZWorker}/{@code ZDirector}/{@code ZDriver}, Shenandoah's.
     */
    public static boolean collector(String threadName) {
        return threadName.startsWith("GC Thread") || threadName.equals("VM Thread") || threadName.startsWith("G1 ")
                || threadName.startsWith("ZWorker") || threadName.startsWith("ZDirector") || threadName.startsWith("ZDriver")
                || threadName.startsWith("Shenandoah");
    }

    /**
     * The voluntary switches (a thread gave up its CPU: it waited for I/O, a lock, a sleep) and the
     * involuntary ones (the scheduler took the CPU from it) of every thread, at one moment.
     */
    public record Switches(PerThread voluntary, PerThread involuntary) {
    }

    private interface TaskReader {
        void read(long tid, Path taskDir) throws IOException;
    }

    /** @return false when the process is gone; a thread that ends while it is read is skipped */
    private boolean eachThread(TaskReader reader) {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(dir.resolve("task"))) {
            for (Path task : tasks) {
                long tid;
                try {
                    tid = Long.parseLong(task.getFileName().toString());
                } catch (NumberFormatException notATask) {
                    continue;
                }
                try {
                    reader.read(tid, task);
                } catch (NoSuchFileException ended) {
                    // The thread ended between the listing and the read.
                } catch (IOException | RuntimeException unreadable) {
                    // One thread's file that does not parse: the others still count.
                }
            }
            return true;
        } catch (IOException | RuntimeException gone) {
            return false;
        }
    }

    private Map<String, Long> statusKilobytes(List<String> keys) throws IOException {
        Map<String, Long> values = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("status"), StandardCharsets.US_ASCII)) {
            for (String key : keys) {
                if (line.startsWith(key)) {
                    values.put(key, Long.parseLong(line.substring(key.length()).replace("kB", "").trim()));
                }
            }
        }
        return values;
    }

    /** Fields of /proc/<pid>/stat counted from the state (field 3 of proc(5)): utime is 14, stime 15, num_threads 20. */
    private static final int STAT_UTIME = 14 - 3;
    private static final int STAT_STIME = 15 - 3;
    private static final int STAT_THREADS = 20 - 3;

    /** The kernel's clock tick, {@code getconf CLK_TCK} (100 on every mainstream Linux). */
    static final class ClockTicks {

        private static final long NANOS_PER_TICK = read();

        private ClockTicks() {
        }

        static long nanosPerTick() {
            return NANOS_PER_TICK;
        }

        private static long read() {
            try {
                Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
                if (getconf.waitFor(10, TimeUnit.SECONDS) && getconf.exitValue() == 0) {
                    return TimeUnit.SECONDS.toNanos(1) / Long.parseLong(out);
                }
            } catch (IOException | RuntimeException unavailable) {
                // No getconf: the value every mainstream Linux has.
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            return TimeUnit.SECONDS.toNanos(1) / 100;
        }
    }

    @Override
    public String toString() {
        return "ProcessProbe[pid=" + pid + "]";
    }
}
