package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.Figures;
import io.workbench.mainjob.report.results.ConcurrencyCap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How many requests the concurrency-level scenario can start at once on this machine. Every
 * connection holds a file descriptor in the target and one in the generator, and a process may
 * hold at most its hard {@code RLIMIT_NOFILE} (read from {@code /proc/self/limits}; raising it
 * needs privileges the run does not ask for). So the count is capped at that limit less a reserve
 * for what a JVM keeps open anyway; the report says so, with the numbers, instead of pretending
 * the study's 54,000 were sent.
 */
public final class ConcurrencyLimit {

    /**
     * Jars, logs, the listening socket, selectors and wake-up pipes, the /stats probes: what a JVM
     * holds open besides its connections. The generator keeps 100 back and opens a dozen or so
     * before it counts, so this is a little more, and every request really gets a connection.
     */
    static final long RESERVE = 150;

    private ConcurrencyLimit() {
    }

    /** The hard open-files limit of this process, from {@code /proc/self/limits}. */
    public static Optional<Long> hardDescriptorLimit() {
        return descriptorLimit(Path.of("/proc/self/limits"), true);
    }

    /**
     * The open-files limit in a {@code /proc/PID/limits} file.
     *
     * @param hard the hard limit if true, else the soft one
     */
    public static Optional<Long> descriptorLimit(Path limitsFile, boolean hard) {
        try {
            for (String line : Files.readAllLines(limitsFile)) {
                if (line.startsWith("Max open files")) {
                    String[] columns = line.substring("Max open files".length()).trim().split("\\s+");
                    String value = hard ? columns[1] : columns[0];
                    return value.equals("unlimited") ? Optional.of(Long.MAX_VALUE) : Optional.of(Long.parseLong(value));
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // Not Linux, or a process that is gone: the caller says the limit is unknown.
        }
        return Optional.empty();
    }

    /**
     * The cap for {@code requested} requests at once under {@code descriptorLimit}.
     *
     * @param descriptorLimit the hard limit per process, or empty when unknown (no cap applied)
     */
    public static ConcurrencyCap cap(long requested, Optional<Long> descriptorLimit) {
        if (descriptorLimit.isEmpty()) {
            return new ConcurrencyCap(Profile.STUDY_ALL_AT_ONCE, requested, requested, -1, RESERVE,
                    Figures.count(requested) + " requests at once (the 2016 study: 54,000); the open-files limit could not be "
                            + "read, so no cap was applied and the errors will show where the machine stopped");
        }
        long limit = descriptorLimit.get();
        long allowed = Math.max(1, limit - RESERVE);
        long cap = Math.min(requested, allowed);
        String explanation = cap < requested
                ? Figures.count(cap) + " requests at once, not the " + Figures.count(requested) + " asked (the 2016 study: 54,000): "
                        + "each connection takes a file descriptor in the target and one in the generator, and every process "
                        + "here may hold at most " + Figures.count(limit) + " (the hard RLIMIT_NOFILE, from /proc/self/limits; "
                        + "it cannot be raised without privileges), less " + RESERVE + " kept for what a JVM holds open besides its connections"
                : Figures.count(cap) + " requests at once, as the profile asked (the 2016 study: 54,000); the open-files limit of "
                        + Figures.count(limit) + " per process would allow " + Figures.count(allowed);
        return new ConcurrencyCap(Profile.STUDY_ALL_AT_ONCE, requested, cap, limit, RESERVE, explanation);
    }
}
