package io.workbench.mainjob.report;

import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Two runs side by side: for every target and scenario either run has, the study's figures of
 * run A and run B and the ratio B/A, so that a change to a server or a flag can be judged. A ratio
 * below 1 means B was lower (faster, for latency; fewer, for errors).
 *
 * <p>Each figure is the best valid repetition's. Where a side has no valid repetition, its figure
 * is its best repetition's all the same, marked {@code *} with what limited it: a figure a reader
 * must not take as a finding. A ratio whose difference lies within the measurement's
 * {@link Resolution} (the larger spread of the two sides' repetitions, or the generator's lag in
 * them) is marked as within the noise: two runs of the same code can differ that much. Scenarios
 * whose values differ between the runs (another profile, another rate) are flagged, since their
 * figures are not comparable.
 */
public final class RunComparison {

    /** Marks a figure that comes from a run whose verdict is not valid. */
    static final String INVALID_MARK = "*";
    /** Says a ratio lies within the measurement's resolution. */
    static final String WITHIN_NOISE = "within the noise";

    private RunComparison() {
    }

    public static String render(String nameA, RunResults a, String nameB, RunResults b) {
        StringBuilder md = new StringBuilder();
        md.append("# Run A against run B\n\n");
        md.append("- A: ").append(nameA).append(" (profile ").append(a.profile()).append(", ").append(RunFacts.when(a.startedEpochMillis())).append(")\n");
        md.append("- B: ").append(nameB).append(" (profile ").append(b.profile()).append(", ").append(RunFacts.when(b.startedEpochMillis())).append(")\n\n");
        md.append("Each figure is the best valid repetition's, as in the study's table; B/A below 1 means B was lower. ")
                .append("A figure marked ").append(INVALID_MARK).append(" comes from a run whose own verdict is not valid (no valid ")
                .append("repetition on that side; what limited it is in the note): not a finding. \"").append(WITHIN_NOISE)
                .append("\": the two figures differ by no more than the measurement's resolution (the larger spread of the two ")
                .append("sides' valid repetitions, or the generator's lag p99 in them), so the ratio says nothing either way.\n\n");
        List<String> differing = differingPresets(a, b);
        if (!differing.isEmpty()) {
            md.append("**Not like for like:** ").append(String.join("; ", differing)).append(".\n\n");
        }
        if (!Objects.equals(a.environment().pinning(), b.environment().pinning())
                || !Objects.equals(a.environment().targetJvmFlags(), b.environment().targetJvmFlags())) {
            md.append("**The runs differ in pinning or target JVM flags**; see each run's report.\n\n");
        }
        md.append("| Target | Scenario | Figure | A | B | B/A | Note |\n| --- | --- | --- | ---: | ---: | ---: | --- |\n");
        for (String target : union(a.targets().stream().map(TargetRun::id).toList(), b.targets().stream().map(TargetRun::id).toList())) {
            for (String scenario : union(a.presets().stream().map(ScenarioPreset::scenario).toList(),
                    b.presets().stream().map(ScenarioPreset::scenario).toList())) {
                Side sideA = side(a, target, scenario);
                Side sideB = side(b, target, scenario);
                if (sideA.best() == null && sideB.best() == null) {
                    continue;
                }
                boolean concurrency = isConcurrency(a, scenario) || isConcurrency(b, scenario);
                if (concurrency) {
                    row(md, target, scenario, "max in flight", sideA, sideB, ScenarioFigures::peakInFlight, true, true);
                } else {
                    row(md, target, scenario, "mean ms", sideA, sideB, ScenarioFigures::meanMs, false, true);
                    row(md, target, scenario, "max ms", sideA, sideB, ScenarioFigures::maxMs, false, false);
                }
                row(md, target, scenario, "errors", sideA, sideB, ScenarioFigures::failed, true, false);
            }
        }
        return md.toString();
    }

    /**
     * One side of a comparison: its figures, and the repetition a row reads (the best valid one, or
     * when there is none the best measured one, which is then marked).
     */
    record Side(ScenarioFigures figures, Repetition best, boolean valid) {
    }

    private static Side side(RunResults results, String target, String scenario) {
        for (TargetRun run : results.targets()) {
            if (run.id().equals(target)) {
                ScenarioRun scenarioRun = run.scenario(scenario);
                if (scenarioRun == null) {
                    return new Side(null, null, false);
                }
                ScenarioFigures figures = ScenarioFigures.of(scenarioRun);
                if (figures.hasData()) {
                    return new Side(figures, figures.best().orElseThrow(), true);
                }
                Repetition bestMeasured = figures.measured().stream()
                        .min(ScenarioFigures.concurrencyLevel(scenarioRun)
                                ? java.util.Comparator.comparingLong(ScenarioFigures::peakInFlight).reversed()
                                : java.util.Comparator.comparingDouble(ScenarioFigures::meanMs))
                        .orElse(null);
                return new Side(figures, bestMeasured, false);
            }
        }
        return new Side(null, null, false);
    }

    /**
     * @param ranked true for the figure the scenario ranks by (mean, or peak in flight): only its
     *               ratio is judged against the resolution, which is measured in its unit
     */
    private static void row(StringBuilder md, String target, String scenario, String figure, Side a, Side b,
                            ToDoubleFunction<Repetition> value, boolean counts, boolean ranked) {
        double valueA = a.best() == null ? Double.NaN : value.applyAsDouble(a.best());
        double valueB = b.best() == null ? Double.NaN : value.applyAsDouble(b.best());
        List<String> notes = new ArrayList<>();
        if (a.best() != null && !a.valid()) {
            notes.add("A " + INVALID_MARK + ": " + a.figures().limitsText());
        }
        if (b.best() != null && !b.valid()) {
            notes.add("B " + INVALID_MARK + ": " + b.figures().limitsText());
        }
        if (ranked && a.valid() && b.valid()) {
            Resolution resolution = Resolution.between(a.figures(), b.figures());
            if (resolution.difference() == 0) {
                notes.add("the same");
            } else if (!resolution.separated()) {
                notes.add(WITHIN_NOISE + " (differ by " + (counts ? Figures.count(resolution.difference())
                        : Figures.ms(resolution.difference()) + " ms") + ", resolution " + resolution.describe(counts) + ")");
            }
        }
        md.append("| ").append(target).append(" | ").append(scenario).append(" | ").append(figure).append(" | ")
                .append(cell(valueA, counts, a)).append(" | ")
                .append(cell(valueB, counts, b)).append(" | ")
                .append(Figures.ratio(valueA, valueB)).append(" | ")
                .append(String.join("; ", notes)).append(" |\n");
    }

    private static String cell(double value, boolean counts, Side side) {
        String text = counts ? Figures.count(value) : Figures.ms(value);
        return side.best() != null && !side.valid() ? text + INVALID_MARK : text;
    }

    private static List<String> differingPresets(RunResults a, RunResults b) {
        List<String> differing = new ArrayList<>();
        for (ScenarioPreset presetA : a.presets()) {
            b.presets().stream().filter(presetB -> presetB.scenario().equals(presetA.scenario())).findFirst()
                    .filter(presetB -> !presetB.equals(presetA))
                    .ifPresent(presetB -> differing.add(presetA.scenario() + " ran as \"" + PresetText.describe(presetA)
                            + "\" in A and \"" + PresetText.describe(presetB) + "\" in B"));
        }
        return differing;
    }

    private static boolean isConcurrency(RunResults results, String scenario) {
        return results.presets().stream().anyMatch(preset -> preset.scenario().equals(scenario) && "all-at-once".equals(preset.model()));
    }

    private static List<String> union(List<String> first, List<String> second) {
        Set<String> all = new LinkedHashSet<>(first);
        all.addAll(second);
        return List.copyOf(all);
    }
}
