package io.workbench.mainjob.report;

import io.workbench.mainjob.findings.Evidence;
import io.workbench.mainjob.findings.Ranking;
import io.workbench.mainjob.findings.ScenarioFindings;
import io.workbench.mainjob.findings.TargetSamplesCsv;
import io.workbench.mainjob.report.results.GcPause;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.TargetRun;
import io.workbench.mainjob.report.results.TargetCost;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost behind a scenario's figures: for each target, what its process spent over the measured
 * phases of the runs that feed its findings, per request it completed, and the ratio of each to the
 * scenario's first-ranked target's, so that a reader sees not only which target was slower but what
 * it spent: CPU (user and kernel), context switches, threads, memory, allocation, GC pauses.
 * Per-request figures are pooled over the runs (each run weighs by its requests); peaks are the
 * highest of the runs. A figure the runner could not read is {@code n/a}; a run without a recorded
 * cost contributes what its {@code target-samples.csv} holds.
 *
 * @param header the columns
 * @param rows   one per target with a feeding run, the scenario's ranking order first
 */
public record CostTable(List<String> header, List<List<String>> rows) {

    /**
     * One target's pooled cost.
     *
     * @param requests the requests completed over the runs
     */
    record Pooled(long requests, Double cpuUser, Double cpuKernel, Double voluntary, Double involuntary, Integer peakThreads,
                  Long peakRssBytes, Double allocated, int gcPauses, double gcLongestMs, double gcTotalMs) {

        Double cpu() {
            return cpuUser == null || cpuKernel == null ? null : cpuUser + cpuKernel;
        }
    }

    public static CostTable of(Path runDir, RunResults results, ScenarioFindings scenario) {
        List<String> header = List.of("Target", "CPU µs/request (×)", "user", "kernel", "Switches/request (×)", "voluntary",
                "involuntary", "Peak threads (×)", "Peak RSS MiB (×)", "Allocated bytes/request (×)", "GC pauses (longest, total ms)",
                "Requests");
        List<String> order = new ArrayList<>();
        for (ScenarioFindings.Group group : scenario.groups()) {
            group.keptUp().order().stream().map(Ranking.Ranked::target).forEach(order::add);
            group.fellBehind().order().stream().map(Ranking.Ranked::target).forEach(order::add);
        }
        List<Pooled> pooled = new ArrayList<>();
        for (String target : order) {
            TargetRun run = results.targets().stream().filter(candidate -> candidate.id().equals(target)).findFirst().orElse(null);
            pooled.add(pool(runDir, run, scenario.of(target)));
        }
        List<List<String>> rows = new ArrayList<>();
        Pooled first = pooled.isEmpty() ? null : pooled.get(0);
        for (int i = 0; i < order.size(); i++) {
            Pooled cost = pooled.get(i);
            List<String> row = new ArrayList<>();
            row.add(order.get(i));
            row.add(withRatio(cost.cpu(), first == null ? null : first.cpu(), "%.1f"));
            row.add(number(cost.cpuUser(), "%.1f"));
            row.add(number(cost.cpuKernel(), "%.1f"));
            row.add(withRatio(sum(cost.voluntary(), cost.involuntary()), first == null ? null : sum(first.voluntary(), first.involuntary()), "%.2f"));
            row.add(number(cost.voluntary(), "%.2f"));
            row.add(number(cost.involuntary(), "%.2f"));
            row.add(withRatio(cost.peakThreads() == null ? null : cost.peakThreads().doubleValue(),
                    first == null || first.peakThreads() == null ? null : first.peakThreads().doubleValue(), "%,.0f"));
            row.add(withRatio(cost.peakRssBytes() == null ? null : cost.peakRssBytes() / 1048576.0,
                    first == null || first.peakRssBytes() == null ? null : first.peakRssBytes() / 1048576.0, "%,.0f"));
            row.add(withRatio(cost.allocated(), first == null ? null : first.allocated(), "%,.0f"));
            row.add(Figures.count(cost.gcPauses()) + " (" + Figures.ms(cost.gcLongestMs()) + ", " + Figures.ms(cost.gcTotalMs()) + ")");
            row.add(Figures.count(cost.requests()));
            rows.add(row);
        }
        return new CostTable(header, rows);
    }

    /** True when no target has any cost to show (runs measured before the runner recorded costs). */
    public boolean empty() {
        return rows.stream().allMatch(row -> row.subList(1, row.size() - 2).stream().allMatch("n/a"::equals));
    }

    private static Pooled pool(Path runDir, TargetRun target, Evidence evidence) {
        long requests = 0;
        double[] weighted = new double[5];
        long[] weights = new long[5];
        Integer threads = null;
        Long rss = null;
        int pauses = 0;
        double longest = 0;
        double total = 0;
        for (Repetition run : evidence.feeding()) {
            TargetCost cost = run.cost();
            if (cost == null) {
                cost = fromSamples(runDir, target, run);
            }
            if (cost == null) {
                continue;
            }
            requests += cost.requests();
            add(weighted, weights, 0, cost.cpuUserMicrosPerRequest(), cost.requests());
            add(weighted, weights, 1, cost.cpuKernelMicrosPerRequest(), cost.requests());
            add(weighted, weights, 2, cost.voluntarySwitchesPerRequest(), cost.requests());
            add(weighted, weights, 3, cost.involuntarySwitchesPerRequest(), cost.requests());
            add(weighted, weights, 4, cost.allocatedBytesPerRequest(), cost.requests());
            if (cost.peakThreads() != null) {
                threads = threads == null ? cost.peakThreads() : Math.max(threads, cost.peakThreads());
            }
            if (cost.peakRssBytes() != null) {
                rss = rss == null ? cost.peakRssBytes() : Math.max(rss, cost.peakRssBytes());
            }
            pauses += cost.gcPauses();
            longest = Math.max(longest, cost.gcPauseMsMax());
            total += cost.gcPauseMsTotal();
        }
        return new Pooled(requests, mean(weighted, weights, 0), mean(weighted, weights, 1), mean(weighted, weights, 2),
                mean(weighted, weights, 3), threads, rss, mean(weighted, weights, 4), pauses, longest, total);
    }

    /**
     * What a run's target-samples.csv says of its cost, with the GC pauses its target's log puts in
     * the run, where the run has no cost recorded; null without the file.
     */
    static TargetCost fromSamples(Path runDir, TargetRun target, Repetition run) {
        TargetSamplesCsv samples;
        try {
            samples = TargetSamplesCsv.read(runDir.resolve(run.dir()).resolve(TargetSamplesCsv.FILE_NAME));
        } catch (IOException unreadable) {
            return null;
        }
        Long completed = samples.change(TargetSamplesCsv.Row::completed);
        if (samples.rows().size() < 2 || completed == null || completed <= 0) {
            return null;
        }
        double seconds = (samples.rows().getLast().epochMillis() - samples.rows().getFirst().epochMillis()) / 1000.0;
        Long peakThreads = samples.peak(TargetSamplesCsv.Row::threads);
        List<GcPause> pauses = target == null || target.gcPauses() == null ? List.of() : target.gcPauses().stream()
                .filter(pause -> pause.startEpochMillis() >= run.summary().startEpochMillis()
                        && pause.startEpochMillis() <= run.summary().endEpochMillis()).toList();
        return new TargetCost(completed, seconds, perRequest(samples.change(TargetSamplesCsv.Row::cpuUserNanos), completed, 1e-3),
                perRequest(samples.change(TargetSamplesCsv.Row::cpuKernelNanos), completed, 1e-3),
                perRequest(samples.change(TargetSamplesCsv.Row::voluntarySwitches), completed, 1),
                perRequest(samples.change(TargetSamplesCsv.Row::involuntarySwitches), completed, 1),
                "from the target's samples", peakThreads == null ? null : peakThreads.intValue(),
                samples.peak(TargetSamplesCsv.Row::rssBytes), null, pauses.size(),
                pauses.stream().mapToDouble(GcPause::durationMs).sum(), pauses.stream().mapToDouble(GcPause::durationMs).max().orElse(0));
    }

    private static Double perRequest(Long change, long requests, double scale) {
        return change == null ? null : change * scale / requests;
    }

    private static void add(double[] weighted, long[] weights, int at, Double value, long requests) {
        if (value != null) {
            weighted[at] += value * requests;
            weights[at] += requests;
        }
    }

    private static Double mean(double[] weighted, long[] weights, int at) {
        return weights[at] == 0 ? null : weighted[at] / weights[at];
    }

    private static Double sum(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }

    private static String number(Double value, String format) {
        return value == null ? "n/a" : String.format(Locale.ROOT, format, value);
    }

    /** e.g. {@code 12.3 (2.10x)}: the value and its ratio to the first-ranked target's. */
    private static String withRatio(Double value, Double first, String format) {
        if (value == null) {
            return "n/a";
        }
        String text = String.format(Locale.ROOT, format, value);
        return first == null || first == 0 ? text : text + " (" + String.format(Locale.ROOT, "%.2fx", value / first) + ")";
    }
}
