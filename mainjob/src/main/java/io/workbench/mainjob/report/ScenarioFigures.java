package io.workbench.mainjob.report;

import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.findings.InFlight;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.ScenarioRun;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The figures of one scenario against one target, reduced over its <em>valid</em> repetitions the
 * way the 2016 study reported them (the best of the runs) and with what the study left out: the
 * median and the spread, so that a reader sees whether the best was typical. A repetition whose own
 * verdict is invalid (or could not be judged) is listed with its reasons but is never a figure:
 * where a target has no valid repetition, it has no figure, and {@link #limitsText()} says what
 * limited its runs.
 *
 * <p>"Best" is the valid repetition with the lowest mean intended-to-end latency (for
 * concurrency-level: the most requests in flight at once); its maximum and errors are that
 * repetition's, as in the study's table. The spread is {@code (highest - lowest) / median} of the
 * valid repetitions' means.
 *
 * @param run      the scenario run
 * @param measured its repetitions that left a whole summary, valid or not
 * @param valid    those whose verdict is valid: the only ones figures come from
 * @param best     the best of the valid ones, if any
 */
public record ScenarioFigures(ScenarioRun run, List<Repetition> measured, List<Repetition> valid, Optional<Repetition> best) {

    public static ScenarioFigures of(ScenarioRun run) {
        List<Repetition> measured = run.measured();
        List<Repetition> valid = measured.stream().filter(Repetition::valid).toList();
        Comparator<Repetition> better = concurrencyLevel(run)
                ? Comparator.comparingLong(ScenarioFigures::peakInFlight).reversed()
                : Comparator.comparingDouble(ScenarioFigures::meanMs);
        return new ScenarioFigures(run, measured, valid, valid.stream().min(better));
    }

    public static boolean concurrencyLevel(ScenarioRun run) {
        return "all-at-once".equals(run.preset().model());
    }

    /** True when there is a valid repetition, so the scenario has figures for this target. */
    public boolean hasData() {
        return best.isPresent();
    }

    public static double meanMs(Repetition repetition) {
        return repetition.summary().latency().intendedToEnd().meanMs();
    }

    public static double maxMs(Repetition repetition) {
        return repetition.summary().latency().intendedToEnd().maxMs();
    }

    /** Requests in flight at once during this repetition ({@link InFlight#peak}). */
    public static long peakInFlight(Repetition repetition) {
        return InFlight.peak(repetition);
    }



    public static long failed(Repetition repetition) {
        return repetition.summary().requests().failed();
    }

    /**
     * The generator's lateness in a repetition, p99 in ms (the verdict's evidence, else the lateness
     * figure, else intended->send in summaries written before the lateness was kept apart); NaN when
     * the engine does not measure it.
     */
    public static double lagP99Ms(Repetition repetition) {
        LoadSummary summary = repetition.summary();
        if (summary.validity() != null && summary.validity().evidence() != null
                && summary.validity().evidence().lagP99Ms() != null) {
            return summary.validity().evidence().lagP99Ms();
        }
        LoadSummary.Latencies latency = summary.latency();
        if (latency != null && latency.lateness() != null) {
            return latency.lateness().p99Ms();
        }
        return latency == null || latency.intendedToSend() == null ? Double.NaN : latency.intendedToSend().p99Ms();
    }

    /** The figure a scenario ranks its targets by: the mean latency in ms, or for concurrency-level the peak in flight. */
    public double figure(Repetition repetition) {
        return concurrencyLevel(run) ? peakInFlight(repetition) : meanMs(repetition);
    }

    /** The median of {@link #figure} over the valid repetitions; NaN without any. */
    public double medianFigure() {
        return median(valid.stream().mapToDouble(this::figure).toArray());
    }

    public double medianMeanMs() {
        return median(valid.stream().mapToDouble(ScenarioFigures::meanMs).toArray());
    }

    public double medianMaxMs() {
        return median(valid.stream().mapToDouble(ScenarioFigures::maxMs).toArray());
    }

    public double medianPeakInFlight() {
        return median(valid.stream().mapToDouble(ScenarioFigures::peakInFlight).toArray());
    }

    /** {@code highest - lowest} of {@link #figure} over the valid repetitions, 0 for fewer than two. */
    public double range() {
        double[] values = valid.stream().mapToDouble(this::figure).toArray();
        if (values.length < 2) {
            return 0;
        }
        return Arrays.stream(values).max().orElse(0) - Arrays.stream(values).min().orElse(0);
    }

    /** {@code (highest - lowest) / median} of the valid repetitions' means (or peaks), 0 for fewer than two. */
    public double spread() {
        double median = medianFigure();
        return Double.isNaN(median) || median == 0 ? 0 : range() / median;
    }

    /** The largest generator lateness (p99, ms) among the valid repetitions; NaN when none measured it. */
    public double worstLagMs() {
        return valid.stream().mapToDouble(ScenarioFigures::lagP99Ms).filter(lag -> !Double.isNaN(lag)).max().orElse(Double.NaN);
    }


    public long validCount() {
        return valid.size();
    }


    /** What limited the measured repetitions that are not valid, commonest first, with how many each. */
    public Map<Limit, Long> limits() {
        Map<Limit, Long> counts = measured.stream().filter(repetition -> !repetition.valid())
                .collect(Collectors.groupingBy(repetition -> repetition.verdict().limitedBy(), Collectors.counting()));
        return counts.entrySet().stream()
                .sorted(Map.Entry.<Limit, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    }

    /**
     * Why a target has no figure, e.g. {@code no valid run of 2: limited by generator-cpu (2)};
     * for a scenario that produced no measured run, its status ({@code failed: ...}).
     */
    public String limitsText() {
        if (measured.isEmpty()) {
            return run.status().name().toLowerCase() + (run.note() == null ? "" : ": " + run.note());
        }
        String limits = limits().entrySet().stream().map(entry -> entry.getKey().label() + " (" + entry.getValue() + ")")
                .collect(Collectors.joining(", "));
        return "no valid run of " + measured.size() + ": limited by " + limits;
    }

    /** The best valid repetition's achieved rate over its target rate, or NaN for a closed or all-at-once run. */
    public double rateFraction() {
        return best.map(Repetition::summary)
                .filter(summary -> summary.targetRate() != null && summary.targetRate() > 0)
                .map(summary -> summary.achievedRate() / summary.targetRate())
                .orElse(Double.NaN);
    }

    public Optional<LoadSummary> bestSummary() {
        return best.map(Repetition::summary);
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
