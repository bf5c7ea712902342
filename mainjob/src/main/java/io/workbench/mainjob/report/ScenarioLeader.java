package io.workbench.mainjob.report;

import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which target led a scenario and by how much, in one sentence, from valid runs only. Ranked on the
 * median over each target's valid repetitions (not the best one, which a lucky run decides): the
 * lowest median mean latency, targets whose best valid repetition had errors after those without,
 * or for concurrency-level the most requests in flight at once.
 *
 * <p>A target leads only when its difference from the next is larger than the measurement's
 * {@link Resolution} (the spread of their repetitions, the generator's lag in them); otherwise the
 * sentence says they are tied within it and gives it. A target without a valid run has no figure
 * and is never led over: the sentence names it and what limited its runs, and with fewer than two
 * targets that have valid runs no leader is named at all.
 *
 * @param outcome    led, tied, or no leader
 * @param ranked     the targets with valid runs, best first
 * @param tied       the targets tied with the first (itself included) when {@code outcome} is TIED
 * @param resolution the first against the second (or the last of the tied), when there are two
 * @param without    the targets that ran the scenario without a valid run
 */
public record ScenarioLeader(Outcome outcome, List<Ranked> ranked, List<Ranked> tied, Optional<Resolution> resolution,
                             List<Ranked> without) {

    public enum Outcome {
        /** The first is ahead of the second by more than the resolution. */
        LED,
        /** The first and at least the second are within the resolution of each other. */
        TIED,
        /** Fewer than two targets have valid runs: nothing to lead. */
        NO_LEADER
    }

    /** One target's figures in the scenario. */
    public record Ranked(String target, ScenarioFigures figures) {

        long failed() {
            return figures.best().map(ScenarioFigures::failed).orElse(0L);
        }
    }

    public static ScenarioLeader of(RunResults results, ScenarioPreset preset) {
        boolean concurrency = "all-at-once".equals(preset.model());
        List<Ranked> ranked = new ArrayList<>();
        List<Ranked> without = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            ScenarioRun run = target.scenario(preset.scenario());
            if (run == null) {
                continue;
            }
            ScenarioFigures figures = ScenarioFigures.of(run);
            (figures.hasData() ? ranked : without).add(new Ranked(target.id(), figures));
        }
        Comparator<Ranked> order = concurrency
                ? Comparator.comparingDouble((Ranked entry) -> entry.figures().medianFigure()).reversed()
                : Comparator.comparing((Ranked entry) -> entry.failed() > 0).thenComparingDouble(entry -> entry.figures().medianFigure());
        ranked.sort(order);
        if (ranked.size() < 2) {
            return new ScenarioLeader(Outcome.NO_LEADER, List.copyOf(ranked), List.of(), Optional.empty(), List.copyOf(without));
        }
        Ranked first = ranked.get(0);
        List<Ranked> tied = new ArrayList<>();
        tied.add(first);
        Resolution last = null;
        for (Ranked other : ranked.subList(1, ranked.size())) {
            Resolution resolution = Resolution.between(first.figures(), other.figures());
            boolean cleaner = !concurrency && first.failed() == 0 && other.failed() > 0;
            if (cleaner || resolution.separated()) {
                if (last == null) {
                    last = resolution;
                }
                break;
            }
            tied.add(other);
            last = resolution;
        }
        if (tied.size() > 1) {
            return new ScenarioLeader(Outcome.TIED, List.copyOf(ranked), List.copyOf(tied), Optional.of(last), List.copyOf(without));
        }
        return new ScenarioLeader(Outcome.LED, List.copyOf(ranked), List.of(), Optional.of(last), List.copyOf(without));
    }

    /** The sentence, or nothing when no target ran the scenario at all. */
    public Optional<String> sentence() {
        if (ranked.isEmpty() && without.isEmpty()) {
            return Optional.empty();
        }
        boolean concurrency = !ranked.isEmpty() ? ScenarioFigures.concurrencyLevel(ranked.get(0).figures().run())
                : ScenarioFigures.concurrencyLevel(without.get(0).figures().run());
        StringBuilder text = new StringBuilder();
        switch (outcome) {
            case LED -> {
                Ranked first = ranked.get(0);
                Ranked second = ranked.get(1);
                Resolution between = resolution.orElseThrow();
                text.append("Led by ").append(figure(first, concurrency));
                if (!concurrency && first.failed() == 0 && second.failed() > 0) {
                    text.append(", the only one without errors in its best valid run; next ").append(figure(second, concurrency))
                            .append(" with ").append(Figures.count(second.failed())).append(" errors");
                } else {
                    double margin = between.difference() / Math.max(concurrency ? 1 : 1e-9, second.figures().medianFigure());
                    text.append(", ").append(concurrency ? Figures.count(between.difference()) : Figures.ms(between.difference()) + " ms")
                            .append(" (").append(Figures.percent(margin)).append(concurrency ? ") more than " : ") below ")
                            .append(figure(second, concurrency))
                            .append(": more than the measurement's resolution of ").append(between.describe(concurrency));
                    if (!concurrency && first.failed() > 0) {
                        text.append("; every target had errors");
                    }
                }
                text.append('.');
            }
            case TIED -> {
                Resolution between = resolution.orElseThrow();
                text.append("Tied within the measurement's resolution: ");
                List<String> names = tied.stream().map(entry -> figure(entry, concurrency)).toList();
                text.append(String.join(tied.size() == 2 ? " and " : ", ", names))
                        .append(" differ by at most ")
                        .append(concurrency ? Figures.count(between.difference()) : Figures.ms(between.difference()) + " ms")
                        .append(", within the resolution of ").append(between.describe(concurrency)).append('.');
            }
            case NO_LEADER -> {
                text.append("No leader: ");
                if (ranked.isEmpty()) {
                    text.append("no target has a valid run.");
                } else {
                    text.append("only ").append(figure(ranked.get(0), concurrency)).append(" has valid runs.");
                }
            }
        }
        if (!without.isEmpty()) {
            text.append(" No figure for ");
            text.append(String.join("; ", without.stream().map(entry -> entry.target() + " (" + entry.figures().limitsText() + ")").toList()));
            text.append('.');
        }
        return Optional.of(text.toString());
    }

    /** e.g. {@code iocore:async-complete (100.452 ms median mean, 2 valid runs)}. */
    private static String figure(Ranked entry, boolean concurrency) {
        long runs = entry.figures().validCount();
        String value = concurrency ? Figures.count(entry.figures().medianFigure()) + " in flight"
                : Figures.ms(entry.figures().medianFigure()) + " ms median mean";
        return entry.target() + " (" + value + ", " + runs + (runs == 1 ? " valid run" : " valid runs") + ")";
    }

    /** Convenience for the reports: the sentence of one scenario. */
    public static Optional<String> sentence(RunResults results, ScenarioPreset preset) {
        return of(results, preset).sentence();
    }
}
