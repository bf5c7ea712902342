package io.workbench.mainjob.suite.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A /proc tree of one process, written by a test: its stat and status, and its threads' status and schedstat. */
final class FakeProc {

    static final long PID = 4242;
    /** 10 ms ticks, as CLK_TCK 100 gives. */
    static final long NANOS_PER_TICK = 10_000_000;

    private final Path root;
    private final long pid;

    FakeProc(Path root) {
        this(root, PID);
    }

    FakeProc(Path root, long pid) {
        this.root = root;
        this.pid = pid;
    }

    ProcessProbe probe() {
        return new ProcessProbe(root, pid, NANOS_PER_TICK);
    }

    Path dir() {
        return root.resolve(String.valueOf(pid));
    }

    /** The process's stat (a name with spaces and parentheses, as a thread may name itself) and status. */
    void process(long utimeTicks, long stimeTicks, int threads, long rssKb, long hwmKb) throws IOException {
        Files.createDirectories(dir().resolve("task"));
        Files.writeString(dir().resolve("stat"), pid + " (java (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 " + utimeTicks + " "
                + stimeTicks + " 0 0 20 0 " + threads + " 0 12345 6000000000 40000 18446744073709551615\n");
        Files.writeString(dir().resolve("status"), "Name:\tjava\nVmPeak:\t 9000000 kB\nVmHWM:\t " + hwmKb + " kB\nVmRSS:\t "
                + rssKb + " kB\nThreads:\t" + threads + "\n");
    }

    void thread(long tid, long voluntary, long involuntary, long runNanos) throws IOException {
        thread(tid, "worker", voluntary, involuntary, runNanos);
    }

    void thread(long tid, String name, long voluntary, long involuntary, long runNanos) throws IOException {
        Path task = dir().resolve("task").resolve(String.valueOf(tid));
        Files.createDirectories(task);
        Files.writeString(task.resolve("comm"), name + "\n");
        Files.writeString(task.resolve("status"), "Name:\tworker\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t" + voluntary
                + "\nnonvoluntary_ctxt_switches:\t" + involuntary + "\n");
        Files.writeString(task.resolve("schedstat"), runNanos + " 1000 5\n");
    }

    void threadEnded(long tid) throws IOException {
        Path task = dir().resolve("task").resolve(String.valueOf(tid));
        try (Stream<Path> files = Files.walk(task)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    void gone() throws IOException {
        try (Stream<Path> files = Files.walk(dir())) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
