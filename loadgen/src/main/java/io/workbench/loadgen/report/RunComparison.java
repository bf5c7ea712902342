package io.workbench.loadgen.report;

import io.workbench.loadgen.report.results.Repetition;
import io.workbench.loadgen.report.results.RunResults;
import io.workbench.loadgen.report.results.ScenarioPreset;
import io.workbench.loadgen.report.results.ScenarioRun;
import io.workbench.loadgen.report.results.TargetRun;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Two runs side by side: for every target and scenario either run has, the study's figures of
 * run A and run B and the ratio B/A, so that a change to a server or a flag can be judged. A ratio
 * below 1 means B was lower (faster, for latency; fewer, for errors). Scenarios whose values
 * differ between the runs (another profile, another rate) are flagged, since their figures are not
 * comparable.
 */
public final class RunComparison {

    private RunComparison() {
    }

    public static String render(String nameA, RunResults a, String nameB, RunResults b) {
        StringBuilder md = new StringBuilder();
        md.append("# Run A against run B\n\n");
        md.append("- A: ").append(nameA).append(" (profile ").append(a.profile()).append(", ").append(RunFacts.when(a.startedEpochMillis())).append(")\n");
        md.append("- B: ").append(nameB).append(" (profile ").append(b.profile()).append(", ").append(RunFacts.when(b.startedEpochMillis())).append(")\n\n");
        md.append("Each figure is the best repetition's, as in the study's table; B/A below 1 means B was lower.\n\n");
        List<String> differing = differingPresets(a, b);
        if (!differing.isEmpty()) {
            md.append("**Not like for like:** ").append(String.join("; ", differing)).append(".\n\n");
        }
        if (!Objects.equals(a.environment().pinning(), b.environment().pinning())
                || !Objects.equals(a.environment().targetJvmFlags(), b.environment().targetJvmFlags())) {
            md.append("**The runs differ in pinning or target JVM flags**; see each run's report.\n\n");
        }
        md.append("| Target | Scenario | Figure | A | B | B/A |\n| --- | --- | --- | ---: | ---: | ---: |\n");
        for (String target : union(a.targets().stream().map(TargetRun::id).toList(), b.targets().stream().map(TargetRun::id).toList())) {
            for (String scenario : union(a.presets().stream().map(ScenarioPreset::scenario).toList(),
                    b.presets().stream().map(ScenarioPreset::scenario).toList())) {
                Repetition bestA = best(a, target, scenario);
                Repetition bestB = best(b, target, scenario);
                if (bestA == null && bestB == null) {
                    continue;
                }
                boolean concurrency = isConcurrency(a, scenario) || isConcurrency(b, scenario);
                if (concurrency) {
                    row(md, target, scenario, "max in flight", count(bestA), count(bestB), true);
                } else {
                    row(md, target, scenario, "mean ms", mean(bestA), mean(bestB), false);
                    row(md, target, scenario, "max ms", max(bestA), max(bestB), false);
                }
                row(md, target, scenario, "errors", failed(bestA), failed(bestB), true);
            }
        }
        return md.toString();
    }

    private static void row(StringBuilder md, String target, String scenario, String figure, double a, double b, boolean counts) {
        md.append("| ").append(target).append(" | ").append(scenario).append(" | ").append(figure).append(" | ")
                .append(counts ? Figures.count(a) : Figures.ms(a)).append(" | ")
                .append(counts ? Figures.count(b) : Figures.ms(b)).append(" | ")
                .append(Figures.ratio(a, b)).append(" |\n");
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

    private static Repetition best(RunResults results, String target, String scenario) {
        for (TargetRun run : results.targets()) {
            if (run.id().equals(target)) {
                ScenarioRun scenarioRun = run.scenario(scenario);
                return scenarioRun == null ? null : ScenarioFigures.of(scenarioRun).best().orElse(null);
            }
        }
        return null;
    }

    private static double mean(Repetition repetition) {
        return repetition == null ? Double.NaN : ScenarioFigures.meanMs(repetition);
    }

    private static double max(Repetition repetition) {
        return repetition == null ? Double.NaN : ScenarioFigures.maxMs(repetition);
    }

    private static double count(Repetition repetition) {
        return repetition == null ? Double.NaN : ScenarioFigures.peakInFlight(repetition);
    }

    private static double failed(Repetition repetition) {
        return repetition == null ? Double.NaN : ScenarioFigures.failed(repetition);
    }

    private static List<String> union(List<String> first, List<String> second) {
        Set<String> all = new LinkedHashSet<>(first);
        all.addAll(second);
        return List.copyOf(all);
    }
}
