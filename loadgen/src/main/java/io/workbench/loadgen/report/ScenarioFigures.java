package io.workbench.loadgen.report;

import io.workbench.loadgen.report.results.LoadSummary;
import io.workbench.loadgen.report.results.Repetition;
import io.workbench.loadgen.report.results.ScenarioRun;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The figures of one scenario against one target, reduced over its repetitions the way the 2016
 * study reported them (the best of the runs) and with what the study left out: the median and the
 * spread, so that a reader sees whether the best was typical.
 *
 * <p>"Best" is the repetition with the lowest mean intended-to-end latency (for concurrency-level:
 * the most requests in flight at once); its maximum and errors are that repetition's, as in the
 * study's table. The spread is {@code (highest - lowest) / median} of the repetitions' means.
 *
 * @param run      the scenario run
 * @param measured its repetitions that left a summary
 * @param best     the best of them, if any
 */
public record ScenarioFigures(ScenarioRun run, List<Repetition> measured, Optional<Repetition> best) {

    public static ScenarioFigures of(ScenarioRun run) {
        List<Repetition> measured = run.measured();
        Comparator<Repetition> better = concurrencyLevel(run)
                ? Comparator.comparingLong(ScenarioFigures::peakInFlight).reversed()
                : Comparator.comparingDouble(ScenarioFigures::meanMs);
        return new ScenarioFigures(run, measured, measured.stream().min(better));
    }

    public static boolean concurrencyLevel(ScenarioRun run) {
        return "all-at-once".equals(run.preset().model());
    }

    public boolean hasData() {
        return best.isPresent();
    }

    public static double meanMs(Repetition repetition) {
        return repetition.summary().latency().intendedToEnd().meanMs();
    }

    public static double maxMs(Repetition repetition) {
        return repetition.summary().latency().intendedToEnd().maxMs();
    }

    /** Requests in flight at once: the polled peak, else the target's own all-time maximum. */
    public static long peakInFlight(Repetition repetition) {
        if (repetition.peakInFlight() != null) {
            return repetition.peakInFlight();
        }
        return repetition.statsAfter() == null ? 0 : repetition.statsAfter().maxInFlight();
    }

    public static long failed(Repetition repetition) {
        return repetition.summary().requests().failed();
    }

    public double medianMeanMs() {
        return median(measured.stream().mapToDouble(ScenarioFigures::meanMs).toArray());
    }

    public double medianMaxMs() {
        return median(measured.stream().mapToDouble(ScenarioFigures::maxMs).toArray());
    }

    public double medianPeakInFlight() {
        return median(measured.stream().mapToDouble(ScenarioFigures::peakInFlight).toArray());
    }

    /** {@code (highest - lowest) / median} of the repetitions' means (or peaks), 0 for fewer than two. */
    public double spread() {
        double[] values = concurrencyLevel(run)
                ? measured.stream().mapToDouble(ScenarioFigures::peakInFlight).toArray()
                : measured.stream().mapToDouble(ScenarioFigures::meanMs).toArray();
        if (values.length < 2) {
            return 0;
        }
        double median = median(values);
        double range = Arrays.stream(values).max().orElse(0) - Arrays.stream(values).min().orElse(0);
        return median == 0 ? 0 : range / median;
    }

    public long validCount() {
        return measured.stream().filter(repetition -> repetition.summary().validity() != null
                && repetition.summary().validity().valid()).count();
    }

    public long warmingCount() {
        return measured.stream().filter(Repetition::warming).count();
    }

    /** The best repetition's achieved rate over its target rate, or NaN for a closed or all-at-once run. */
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
