package io.workbench.loadgen.report;

import io.workbench.loadgen.report.results.RunResults;
import io.workbench.loadgen.report.results.ScenarioPreset;
import io.workbench.loadgen.report.results.ScenarioRun;
import io.workbench.loadgen.report.results.TargetRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which target led a scenario and by how much, in one sentence. Ranked on the median over the
 * repetitions (not the best one, which a lucky run decides): the lowest median mean latency among
 * the targets whose best repetition had no errors, or, for concurrency-level, the most requests in
 * flight at once.
 */
public final class ScenarioLeader {

    private ScenarioLeader() {
    }

    private record Entry(String target, double value, long failed) {
    }

    public static Optional<String> sentence(RunResults results, ScenarioPreset preset) {
        boolean concurrency = "all-at-once".equals(preset.model());
        List<Entry> entries = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            ScenarioRun run = target.scenario(preset.scenario());
            if (run == null) {
                continue;
            }
            ScenarioFigures figures = ScenarioFigures.of(run);
            if (!figures.hasData()) {
                continue;
            }
            long failed = ScenarioFigures.failed(figures.best().orElseThrow());
            entries.add(new Entry(target.id(), concurrency ? figures.medianPeakInFlight() : figures.medianMeanMs(), failed));
        }
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        Comparator<Entry> order = concurrency
                ? Comparator.comparingDouble(Entry::value).reversed()
                : Comparator.comparing((Entry entry) -> entry.failed() > 0).thenComparingDouble(Entry::value);
        entries.sort(order);
        Entry first = entries.get(0);
        List<String> tied = entries.stream().filter(entry -> entry.value() == first.value() && entry.failed() == first.failed())
                .map(Entry::target).toList();
        if (tied.size() > 1) {
            // Equal figures (every target held the whole concurrency-level count, say): no leader to name.
            return Optional.of("Tied: " + String.join(", ", tied) + " ("
                    + (concurrency ? Figures.count(first.value()) + " in flight" : Figures.ms(first.value()) + " ms median mean") + ").");
        }
        StringBuilder text = new StringBuilder("Led by ").append(first.target()).append(" (");
        text.append(concurrency ? Figures.count(first.value()) + " in flight" : Figures.ms(first.value()) + " ms median mean");
        if (!concurrency && first.failed() > 0) {
            text.append(", but every target had errors");
        }
        text.append(')');
        if (entries.size() > 1) {
            Entry second = entries.get(1);
            double margin = concurrency
                    ? (first.value() - second.value()) / Math.max(1, second.value())
                    : (second.value() - first.value()) / Math.max(1e-9, second.value());
            text.append(concurrency ? ", " + Figures.percent(margin) + " more than " : ", " + Figures.percent(margin) + " below ")
                    .append(second.target()).append(" (")
                    .append(concurrency ? Figures.count(second.value()) : Figures.ms(second.value()) + " ms")
                    .append(')');
        }
        return Optional.of(text.append('.').toString());
    }
}
