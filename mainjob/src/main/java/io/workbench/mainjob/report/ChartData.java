package io.workbench.mainjob.report;

import io.workbench.mainjob.report.results.GcPause;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The numbers behind report.html's charts, read from a run's files: per scenario the percentile
 * distribution of every target's best valid repetition (a target without a valid run has no
 * curve), and per target its whole session over time (latency, achieved rate, GC pauses). Embedded
 * in the page as JSON; the page's script only draws.
 *
 * <p>A distribution's points at the grid's 90th, 99th, 99.9th and 99.99th percentiles
 * ({@code x} = 10, 100, 1000, 10000) are the repetition's own summary figures, the same numbers
 * its tables show; the points between come from its {@code .hgrm} (the first row at or beyond
 * each percentile).
 *
 * @param distributions one per scenario that has data
 * @param timelines     one per target that has data
 */
public record ChartData(List<Distribution> distributions, List<Timeline> timelines) {

    /**
     * The x axis of every distribution chart: {@code 1/(1-percentile)} from 1 (the 0th
     * percentile) to 10^6 (the 99.9999th) in 24 steps per decade, shared by every target so the
     * curves sit on one chart, as HdrHistogram's plotter draws them.
     */
    static final double[] INVERSE_GRID = grid();

    /** Intervals shorter than this get no rate point on the timeline. */
    static final double MIN_RATE_INTERVAL_SECONDS = 0.5;

    /**
     * @param scenario the scenario
     * @param title    what it sent
     * @param x        {@link #INVERSE_GRID}
     * @param series   one per target
     */
    public record Distribution(String scenario, String title, double[] x, List<Series> series) {
    }

    /** @param y the latency in ms at each x, null beyond what the repetition recorded */
    public record Series(String label, Double[] y) {
    }

    /**
     * @param target the target
     * @param t      epoch seconds of each point (interval starts and GC pauses, merged, ascending)
     * @param p99    the interval's 99th percentile latency ms, or null at a pause point
     * @param max    the interval's maximum latency ms, or null
     * @param rate   responses per second in the interval, or null
     * @param pause  a GC pause's duration ms at its start, else null
     * @param runs   which load run covered which time, for the labels on the chart
     */
    public record Timeline(String target, double[] t, Double[] p99, Double[] max, Double[] rate, Double[] pause,
                           List<RunSpan> runs) {
    }

    /** @param label e.g. {@code slow-requests #2} or {@code slow-requests warm-up} */
    public record RunSpan(String label, double start, double end) {
    }

    public static ChartData read(Path runDir, RunResults results) throws IOException {
        List<Distribution> distributions = new ArrayList<>();
        for (ScenarioPreset preset : results.presets()) {
            if ("all-at-once".equals(preset.model())) {
                continue; // its result is a count, not a latency distribution worth a chart
            }
            List<Series> series = new ArrayList<>();
            for (TargetRun target : results.targets()) {
                ScenarioRun run = target.scenario(preset.scenario());
                if (run == null) {
                    continue;
                }
                ScenarioFigures figures = ScenarioFigures.of(run);
                if (!figures.hasData()) {
                    continue;
                }
                Repetition best = figures.best().orElseThrow();
                PercentileDistribution distribution = PercentileDistribution.read(hgrm(runDir, best));
                if (!distribution.isEmpty()) {
                    series.add(new Series(target.id(), withSummaryPercentiles(resample(distribution),
                            best.summary().latency().intendedToEnd())));
                }
            }
            if (!series.isEmpty()) {
                distributions.add(new Distribution(preset.scenario(), PresetText.describe(preset), INVERSE_GRID, series));
            }
        }
        List<Timeline> timelines = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            Timeline timeline = timeline(runDir, target);
            if (timeline.t().length > 0) {
                timelines.add(timeline);
            }
        }
        return new ChartData(distributions, timelines);
    }

    static Path hgrm(Path runDir, Repetition repetition) {
        LoadSummary.Files files = repetition.summary().files();
        String name = files != null && files.hgrm() != null && files.hgrm().intendedToEnd() != null
                ? files.hgrm().intendedToEnd() : "intended-to-end.hgrm";
        return runDir.resolve(repetition.dir()).resolve(name);
    }

    static Path hlog(Path runDir, Repetition repetition) {
        LoadSummary.Files files = repetition.summary().files();
        String name = files != null && files.hlog() != null ? files.hlog() : "latency.hlog";
        return runDir.resolve(repetition.dir()).resolve(name);
    }

    /** The latency at each grid x: the first row of the distribution at or beyond that percentile. */
    static Double[] resample(PercentileDistribution distribution) {
        Double[] y = new Double[INVERSE_GRID.length];
        double[] inverse = distribution.inverse();
        int row = 0;
        for (int i = 0; i < INVERSE_GRID.length; i++) {
            while (row < inverse.length && inverse[row] < INVERSE_GRID[i]) {
                row++;
            }
            // Past the last finite row the count is too small to resolve that percentile: leave a gap.
            y[i] = row < inverse.length ? distribution.valuesMs()[row] : null;
        }
        return y;
    }

    /** The grid index of x = 1/(1-p) for the summary's percentiles on the grid: 10 (p90), 100, 1000, 10000. */
    static final int P90 = 24, P99 = 48, P999 = 72, P9999 = 96;

    /**
     * Puts the summary's own percentiles at their grid points, where the resampled distribution has a
     * point (a percentile the repetition had too few requests to resolve stays a gap). The resampling
     * takes, for each grid point, the first row at or beyond its percentile, which can lie beyond
     * the next grid point's percentile where rows are sparse: an earlier point above an exact value
     * is lowered to it, as the latency at a lower percentile is never higher.
     */
    static Double[] withSummaryPercentiles(Double[] y, LoadSummary.LatencyStats stats) {
        if (stats == null) {
            return y;
        }
        Double[] exact = y.clone();
        double[] values = {stats.p90Ms(), stats.p99Ms(), stats.p999Ms(), stats.p9999Ms()};
        int[] at = {P90, P99, P999, P9999};
        for (int i = 0; i < at.length; i++) {
            if (exact[at[i]] == null) {
                continue;
            }
            exact[at[i]] = values[i];
            for (int j = at[i] - 1; j >= 0 && exact[j] != null && exact[j] > values[i]; j--) {
                exact[j] = values[i];
            }
        }
        return exact;
    }

    private static Timeline timeline(Path runDir, TargetRun target) throws IOException {
        // Keyed by epoch ms: an interval and a pause at the same instant share one point.
        TreeMap<Long, Double[]> points = new TreeMap<>();
        List<RunSpan> spans = new ArrayList<>();
        for (ScenarioRun scenario : target.scenarios()) {
            List<Map.Entry<Repetition, String>> runs = new ArrayList<>();
            if (scenario.warmup() != null) {
                scenario.warmup().runs().stream().filter(Repetition::measured)
                        .forEach(run -> runs.add(Map.entry(run, scenario.scenario() + " warm-up")));
            }
            if (scenario.search() != null) {
                scenario.search().steps().stream().filter(step -> step.run() != null && step.run().measured())
                        .forEach(step -> runs.add(Map.entry(step.run(), scenario.scenario() + " search " + Figures.rate(step.rate()))));
            }
            scenario.measured().forEach(run -> runs.add(Map.entry(run, scenario.scenario() + " #" + run.index())));
            for (Map.Entry<Repetition, String> entry : runs) {
                Repetition repetition = entry.getKey();
                LoadSummary summary = repetition.summary();
                spans.add(new RunSpan(entry.getValue(), summary.startEpochMillis() / 1000.0, summary.endEpochMillis() / 1000.0));
                for (LatencyTimeline.Point point : LatencyTimeline.read(hlog(runDir, repetition), LatencyTimeline.INTENDED_TO_END).points()) {
                    Double[] values = points.computeIfAbsent(point.startEpochMillis(), key -> new Double[4]);
                    // An interval with no responses has no latency; a 0 would break the log axis.
                    values[0] = point.count() == 0 ? null : point.p99Ms();
                    values[1] = point.count() == 0 ? null : point.maxMs();
                    // A sliver of an interval (the last one of a run) turns a few responses into a huge rate: leave it out.
                    values[2] = point.seconds() >= MIN_RATE_INTERVAL_SECONDS ? point.ratePerSecond() : null;
                }
            }
        }
        for (GcPause pause : target.gcPauses() == null ? List.<GcPause>of() : target.gcPauses()) {
            points.computeIfAbsent(pause.startEpochMillis(), key -> new Double[4])[3] = pause.durationMs();
        }
        int size = points.size();
        double[] t = new double[size];
        Double[] p99 = new Double[size];
        Double[] max = new Double[size];
        Double[] rate = new Double[size];
        Double[] pause = new Double[size];
        int i = 0;
        for (Map.Entry<Long, Double[]> entry : points.entrySet()) {
            t[i] = entry.getKey() / 1000.0;
            p99[i] = entry.getValue()[0];
            max[i] = entry.getValue()[1];
            rate[i] = entry.getValue()[2];
            pause[i] = entry.getValue()[3];
            i++;
        }
        return new Timeline(target.id(), t, p99, max, rate, pause, spans);
    }

    private static double[] grid() {
        int stepsPerDecade = 24;
        int decades = 6;
        double[] grid = new double[stepsPerDecade * decades + 1];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = Math.pow(10, (double) i / stepsPerDecade);
        }
        return grid;
    }
}
