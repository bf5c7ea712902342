package io.workbench.mainjob.findings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The target process's counters sampled about once a second over a measured phase, as the runner
 * writes them beside the run's summary ({@code target-samples.csv}: the first row at the phase's
 * start, the last at its end; every counter cumulative; an unreadable value empty):
 * {@code epoch_ms,completed,cpu_user_ns,cpu_kernel_ns,voluntary_switches,involuntary_switches,threads,rss_bytes}.
 * The intervals between consecutive rows are the units CPU per request is drawn from, as the
 * interval log's seconds are for a latency.
 *
 * @param rows the samples, in time order
 */
public record TargetSamplesCsv(List<Row> rows) {

    public static final String FILE_NAME = "target-samples.csv";
    public static final List<String> HEADER = List.of("epoch_ms", "completed", "cpu_user_ns", "cpu_kernel_ns",
            "voluntary_switches", "involuntary_switches", "threads", "rss_bytes");

    /** One sample; a counter that could not be read is null. */
    public record Row(long epochMillis, Long completed, Long cpuUserNanos, Long cpuKernelNanos, Long voluntarySwitches,
                      Long involuntarySwitches, Long threads, Long rssBytes) {

        /** User and kernel CPU together, or null when either is unknown. */
        public Long cpuNanos() {
            return cpuUserNanos == null || cpuKernelNanos == null ? null : cpuUserNanos + cpuKernelNanos;
        }
    }

    /**
     * One interval between consecutive samples where both ends have the counters.
     *
     * @param completed requests completed in it
     * @param cpuMicros CPU time (user and kernel) spent in it
     */
    public record Interval(long completed, double cpuMicros) {
    }

    /** The file's samples; empty when the file does not exist (a run measured before it was written). */
    public static TargetSamplesCsv read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return new TargetSamplesCsv(List.of());
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !Arrays.asList(lines.get(0).trim().split(",", -1)).equals(HEADER)) {
            throw new IOException(file + ": not a target-samples file (its header is not " + String.join(",", HEADER) + ")");
        }
        List<Row> rows = new ArrayList<>();
        for (int number = 1; number < lines.size(); number++) {
            String line = lines.get(number).trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split(",", -1);
            if (cells.length != HEADER.size()) {
                throw new IOException(file + " line " + (number + 1) + ": " + cells.length + " values, not " + HEADER.size());
            }
            try {
                Long epoch = value(cells[0]);
                if (epoch == null) {
                    throw new IOException(file + " line " + (number + 1) + ": no epoch_ms");
                }
                rows.add(new Row(epoch, value(cells[1]), value(cells[2]), value(cells[3]), value(cells[4]), value(cells[5]),
                        value(cells[6]), value(cells[7])));
            } catch (NumberFormatException notANumber) {
                throw new IOException(file + " line " + (number + 1) + ": not a number: " + notANumber.getMessage());
            }
        }
        return new TargetSamplesCsv(List.copyOf(rows));
    }

    private static Long value(String cell) {
        String trimmed = cell.trim();
        return trimmed.isEmpty() ? null : Long.parseLong(trimmed);
    }

    /**
     * The intervals between consecutive samples whose counters are all known at both ends; an
     * interval where a counter went backwards (a counter that cannot) is left out.
     */
    public List<Interval> intervals() {
        List<Interval> intervals = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            Row from = rows.get(i - 1);
            Row to = rows.get(i);
            if (from.completed() == null || to.completed() == null || from.cpuNanos() == null || to.cpuNanos() == null) {
                continue;
            }
            long completed = to.completed() - from.completed();
            long cpu = to.cpuNanos() - from.cpuNanos();
            if (completed < 0 || cpu < 0) {
                continue;
            }
            intervals.add(new Interval(completed, cpu / 1000.0));
        }
        return intervals;
    }

    /** The last known value minus the first of a counter, or null when it is unknown at either end. */
    public Long change(java.util.function.Function<Row, Long> counter) {
        Long first = rows.stream().map(counter).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        Long last = rows.reversed().stream().map(counter).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        return first == null || last == null ? null : last - first;
    }

    /** The largest value of a counter over the samples, or null when never known. */
    public Long peak(java.util.function.Function<Row, Long> counter) {
        return rows.stream().map(counter).filter(java.util.Objects::nonNull).max(Long::compare).orElse(null);
    }
}
