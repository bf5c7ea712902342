package io.workbench.mainjob.report;

import io.workbench.mainjob.findings.Evidence;
import io.workbench.mainjob.findings.EvidenceReader;
import io.workbench.mainjob.findings.Figure;
import io.workbench.mainjob.findings.PairRule;
import io.workbench.mainjob.findings.PairStatistics;
import io.workbench.mainjob.findings.Ranking;
import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.findings.ScenarioFindings;
import io.workbench.mainjob.report.results.RateSearch;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The findings in words, the same in report.md and report.html: each scenario's ranking with its
 * ratios and intervals, the targets that fell behind, what each finding rests on, and the pairs as
 * rows. Plain text: each report escapes it for its own markup.
 */
public final class FindingText {

    private FindingText() {
    }

    /** How findings are drawn, said once above them. */
    public static String rules(RunFindings findings) {
        return "Each scenario compares its targets by one figure: the median time a target added beyond the wait it was "
                + "asked for (tried to send to end: the generator's own lateness left out, waiting for a connection in), for "
                + "the overhead scenario its CPU per request, for concurrency-level the most requests it held in flight at once. "
                + "Only runs that are valid by the generator's own verdict and taken after the target's warm-up was steady feed "
                + "a finding. Every pair of targets measured in the same rounds gets the ratio of their figures with a 95% "
                + "interval from a bootstrap of " + Figures.count(findings.resamples()) + " draws (seeded, so the report "
                + "reads the same when written again): rounds drawn together for both targets, so the machine's drift cancels, "
                + "then one-second intervals within each round; the interval also carries how finely the interval log records "
                + "the latency. A target leads when the interval clears the practical margin of " + margin(findings.margin())
                + ", the two are equivalent when it lies within it, and otherwise the report says it cannot tell; the "
                + "verdicts of a scenario are corrected together with Holm's method. The median, not the mean: a stall of "
                + "a few tens of milliseconds moves the mean of sub-millisecond times by more than two targets differ, and "
                + "whether a round holds one is chance; the tail is in the tables below. A target that fell behind its "
                + "schedule is not ranked on a latency that is mostly queueing: it is ranked with the others that fell "
                + "behind by the share of the schedule it held.";
    }

    static String margin(double margin) {
        return "±" + Figures.percent(margin);
    }

    /** The scenario's finding in sentences: the rankings, the targets without a figure, what it rests on. */
    public static String finding(RunResults results, ScenarioFindings scenario) {
        List<String> parts = new ArrayList<>();
        boolean groups = scenario.groups().size() > 1;
        for (int g = 0; g < scenario.groups().size(); g++) {
            ScenarioFindings.Group group = scenario.groups().get(g);
            String prefix = groups ? "Group " + (g + 1) + " (" + String.join(", ", group.members()) + "): " : "";
            parts.add(prefix + ranking(scenario, group.keptUp(), group));
            if (!group.fellBehind().order().isEmpty()) {
                parts.add(fellBehind(scenario, group));
            }
            String errors = errors(group);
            if (!errors.isEmpty()) {
                parts.add(errors);
            }
        }
        if (groups) {
            parts.add("Targets in different groups were not measured in the same rounds: they are not compared.");
        }
        sameCell(results, scenario).ifPresent(parts::add);
        String without = withoutFigure(scenario);
        if (!without.isEmpty()) {
            parts.add(without);
        }
        String rests = restsOn(scenario);
        if (!rests.isEmpty()) {
            parts.add(rests);
        }
        return String.join(" ", parts);
    }

    /**
     * e.g. {@code Ranked (CPU per request, lower is better): a 20.4 µs (95% CI 20.2–20.6 µs), b 61.0 µs (60.0–62.0 µs).
     * a leads b by 197.6% (95% CI +195.2% to +200.0%).}: the targets in order with their figures, then each
     * neighbour pair's verdict.
     */
    static String ranking(ScenarioFindings scenario, Ranking ranking, ScenarioFindings.Group group) {
        List<Ranking.Ranked> order = ranking.order();
        Figure figure = ranking.figure();
        if (order.isEmpty()) {
            return "No target has a figure.";
        }
        String what = figure.description() + (figure.direction() == io.workbench.mainjob.findings.Bootstrap.Direction.LOWER_IS_BETTER
                ? ", lower is better" : ", higher is better");
        if (order.size() == 1) {
            return "Only " + value(order.get(0), figure, true) + " has a figure (" + what + "): nothing to rank it against.";
        }
        boolean any = java.util.stream.IntStream.range(0, ranking.between().size()).anyMatch(ranking::ordered);
        StringBuilder text = new StringBuilder(ranking.whole() ? "Ranked (" : any ? "Ranked in part (" : "Not ranked (").append(what).append("): ");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            values.add(value(order.get(i), figure, i == 0));
        }
        text.append(String.join(", ", values)).append(". ");
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < ranking.between().size(); i++) {
            steps.add(step(order.get(i).target(), order.get(i + 1).target(), ranking.between().get(i), ranking.ordered(i)));
        }
        text.append(sentence(String.join("; ", steps))).append('.');
        if (!ranking.whole() && any) {
            text.append(" The ranking cannot order the pairs it cannot tell apart.");
        }
        return text.toString();
    }

    /** Begins a sentence with a capital where it begins with the report's own word, never with a target's id. */
    private static String sentence(String text) {
        return text.startsWith("cannot") ? "C" + text.substring(1) : text;
    }

    /** One neighbour pair of a ranking. */
    private static String step(String first, String second, PairRule.Verdict verdict, boolean ordered) {
        return switch (verdict.outcome()) {
            case EQUIVALENT -> first + " and " + second + " are equivalent within " + margin(verdict.statistics().margin())
                    + " (" + interval(verdict, first) + ")";
            case CANNOT_TELL -> "cannot tell " + first + " from " + second
                    + (verdict.statistics() == null ? "" : " (" + interval(verdict, first) + ")") + ": " + verdict.why();
            default -> ordered
                    ? first + " leads " + second + " by " + Figures.percent(advantage(verdict, first) - 1) + " (" + interval(verdict, first) + ")"
                    : "cannot order " + first + " before " + second + ": over the rounds both have, " + verdict.leader() + " leads ("
                            + interval(verdict, verdict.leader()) + ")";
        };
    }

    /** A target with its figure and interval, e.g. {@code iocore:async-complete 0.312 ms (95% CI 0.301–0.330 ms)}. */
    static String value(Ranking.Ranked ranked, Figure figure, boolean saying) {
        return ranked.target() + " " + figure(figure, ranked.value()) + " (" + (saying ? "95% CI " : "")
                + range(figure, ranked.low(), ranked.high()) + ")";
    }

    /** Two figures of one unit as a range, the unit once: {@code 0.288–0.480 ms}. */
    static String range(Figure figure, double low, double high) {
        String lowText = figure(figure, low);
        String highText = figure(figure, high);
        String unit = figure.unit().isEmpty() ? "" : " " + (figure == Figure.CPU_PER_REQUEST ? "µs" : figure.unit());
        if (!unit.isEmpty() && lowText.endsWith(unit)) {
            lowText = lowText.substring(0, lowText.length() - unit.length());
        }
        return lowText + "–" + highText;
    }

    /** A figure in its unit. */
    public static String figure(Figure figure, double value) {
        if (Double.isInfinite(value)) {
            return "unbounded";
        }
        return switch (figure) {
            case LATENCY_BEYOND_WAIT -> Figures.ms(value) + " ms";
            case CPU_PER_REQUEST -> String.format(Locale.ROOT, value >= 100 ? "%.0f µs" : "%.1f µs", value);
            case IN_FLIGHT -> Figures.count(value);
            case HELD_SHARE -> Figures.percent(value);
        };
    }

    /** The advantage of {@code side} over the other in the pair, as a ratio (above 1: {@code side} is better). */
    static double advantage(PairRule.Verdict verdict, String side) {
        double advantage = verdict.statistics().advantage();
        return side.equals(verdict.a()) ? advantage : 1 / advantage;
    }

    /** The 95% interval of {@code side}'s advantage, as percentages, e.g. {@code 95% CI 22.0% to 40.1%}. */
    static String interval(PairRule.Verdict verdict, String side) {
        PairStatistics statistics = verdict.statistics();
        double low = side.equals(verdict.a()) ? statistics.low() : 1 / statistics.high();
        double high = side.equals(verdict.a()) ? statistics.high() : 1 / statistics.low();
        return "95% CI " + signedPercent(low - 1) + " to " + (Double.isInfinite(high) ? "unbounded" : signedPercent(high - 1));
    }

    static String signedPercent(double fraction) {
        String text = Figures.percent(fraction);
        return fraction > 0 ? "+" + text : text.replace("-", "−");
    }

    private static String fellBehind(ScenarioFindings scenario, ScenarioFindings.Group group) {
        List<String> held = new ArrayList<>();
        for (Ranking.Ranked ranked : group.fellBehind().order()) {
            Evidence evidence = scenario.of(ranked.target());
            double[] share = group.held().get(ranked.target());
            double[] latency = evidence.sample().figure();
            held.add(ranked.target() + " held " + Figures.percent(share[0]) + " of the schedule (95% CI "
                    + range(Figure.HELD_SHARE, share[1], share[2]) + ") over " + rounds(evidence.fellBehind()) + ", its " + scenario.figure().description()
                    + " " + figure(scenario.figure(), latency[0]) + " (mostly queueing)");
        }
        String text = "Fell behind: " + String.join("; ", held) + ".";
        if (group.fellBehind().order().size() > 1) {
            text += " By the share held: " + ranking(scenario, group.fellBehind(), group);
        }
        Evidence first = scenario.of(group.fellBehind().order().get(0).target());
        if (first.behindWhy() != null) {
            text += " The generator: \"" + first.behindWhy() + "\" (" + first.target() + ").";
        }
        return text;
    }

    private static String errors(ScenarioFindings.Group group) {
        List<String> with = new ArrayList<>();
        for (Map.Entry<String, double[]> entry : group.errors().entrySet()) {
            double[] share = entry.getValue();
            if (share[0] > 0) {
                with.add(entry.getKey() + " " + Figures.percent(share[0]) + " of its requests (95% CI "
                        + range(Figure.HELD_SHARE, share[1], share[2]) + ")");
            }
        }
        if (with.isEmpty()) {
            return group.errors().isEmpty() ? "" : "No errors.";
        }
        return "Errors (failed and timed out, a share of requests, never folded into the figure): " + String.join("; ", with) + ".";
    }

    /** The note on a cell listed twice: what its pair says about the whole chain. */
    static java.util.Optional<String> sameCell(RunResults results, ScenarioFindings scenario) {
        List<String> notes = new ArrayList<>();
        for (TargetRun copy : results.targets()) {
            if (copy.copy() < 2) {
                continue;
            }
            String cell = copy.server() + ":" + copy.strategy();
            for (ScenarioFindings.Group group : scenario.groups()) {
                group.verdicts().stream().filter(verdict -> verdict.between(cell, copy.id())).findFirst().ifPresent(verdict ->
                        notes.add(cell + " and " + copy.id() + " are the same cell listed twice (an A/A test of the whole chain): "
                                + (verdict.outcome() == PairRule.Outcome.A_LEADS || verdict.outcome() == PairRule.Outcome.B_LEADS
                                ? "a lead between them is a false finding, and says how far this run's other leads can be trusted"
                                : verdict.outcome() == PairRule.Outcome.EQUIVALENT ? "equivalent, as they should be" : "not told apart")
                                + "."));
            }
        }
        return notes.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join(" ", notes));
    }

    /** The targets that ran the scenario without a figure, each with why. */
    static String withoutFigure(ScenarioFindings scenario) {
        List<String> without = new ArrayList<>();
        for (Evidence evidence : scenario.evidence()) {
            if (!evidence.hasFigure()) {
                without.add(evidence.target() + " (" + (evidence.excluded().isEmpty() ? "no run" : exclusions(evidence.excluded())) + ")");
            }
        }
        return without.isEmpty() ? "" : "No figure for " + String.join("; ", without) + ".";
    }

    /** What the findings rest on: rounds and requests per target, the runs left out, older files read. */
    static String restsOn(ScenarioFindings scenario) {
        List<Evidence> with = scenario.evidence().stream().filter(Evidence::hasFigure).toList();
        if (with.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        Map<String, List<String>> byRounds = with.stream().collect(Collectors.groupingBy(evidence -> rounds(evidence.rounds()),
                java.util.LinkedHashMap::new, Collectors.mapping(Evidence::target, Collectors.toList())));
        if (byRounds.size() == 1) {
            parts.add(byRounds.keySet().iterator().next() + " of every target");
        } else {
            byRounds.forEach((rounds, targets) -> parts.add(rounds + " of " + String.join(", ", targets)));
        }
        long requests = with.stream().mapToLong(Evidence::requests).sum();
        String unit = scenario.figure() == Figure.IN_FLIGHT ? " requests sent" : " requests";
        StringBuilder text = new StringBuilder("Rests on ").append(String.join("; ", parts)).append(" (")
                .append(Figures.count(requests)).append(unit).append(" in all), ");
        List<Evidence> partial = with.stream().filter(evidence -> !evidence.whole()).toList();
        if (partial.isEmpty()) {
            text.append("every run valid and warm.");
        } else {
            text.append("left out: ").append(String.join("; ", partial.stream()
                    .map(evidence -> evidence.target() + " " + exclusions(evidence.excluded())).toList())).append('.');
        }
        Map<String, List<String>> fallbacks = with.stream().filter(evidence -> evidence.fallback() != null)
                .collect(Collectors.groupingBy(Evidence::fallback, java.util.LinkedHashMap::new,
                        Collectors.mapping(Evidence::target, Collectors.toList())));
        fallbacks.forEach((fallback, targets) -> text.append(" Read from older files (")
                .append(targets.size() == with.size() && with.size() > 1 ? "every target" : String.join(", ", targets))
                .append("): ").append(fallback).append('.'));
        String coarse = resolution(scenario, with);
        if (!coarse.isEmpty()) {
            text.append(' ').append(coarse);
        }
        return text.toString();
    }

    /** Where the interval log's buckets are wider than the margin of a figure, said with their width. */
    private static String resolution(ScenarioFindings scenario, List<Evidence> with) {
        if (scenario.figure() != Figure.LATENCY_BEYOND_WAIT) {
            return "";
        }
        double widest = 0;
        for (Evidence evidence : with) {
            if (evidence.source().startsWith(EvidenceReader.BEYOND_FLOOR)) {
                continue; // recorded beyond the wait, to the microsecond
            }
            double[] figure = evidence.sample().figure();
            if (figure[2] - figure[1] > 0.05 * figure[0]) {
                widest = Math.max(widest, figure[2] - figure[1]);
            }
        }
        return widest == 0 ? "" : "The interval logs record these latencies only to " + Figures.ms(widest) + " ms around "
                + Figures.count(scenario.preset().waitMillis()) + " ms (three significant digits), wider than the margin of "
                + "the figures: every interval carries it.";
    }

    /** e.g. {@code round 2: not valid: generator-cpu; round 3: taken before the target was warm}. */
    static String exclusions(List<Evidence.Exclusion> excluded) {
        return String.join("; ", excluded.stream().map(exclusion -> "round " + exclusion.round() + ": " + exclusion.why()).toList());
    }

    /** e.g. {@code rounds 1-3}, {@code rounds 1, 3}, {@code round 2}. */
    static String rounds(List<Integer> rounds) {
        if (rounds.size() == 1) {
            return "round " + rounds.get(0);
        }
        boolean consecutive = rounds.get(rounds.size() - 1) - rounds.get(0) == rounds.size() - 1;
        return "rounds " + (consecutive && rounds.size() > 2 ? rounds.get(0) + "–" + rounds.get(rounds.size() - 1)
                : String.join(", ", rounds.stream().map(String::valueOf).toList()));
    }

    /** The overhead scenario's search for the highest rate each target sustains, in one sentence, or empty. */
    static String sustained(RunResults results, ScenarioFindings scenario) {
        List<String> rates = new ArrayList<>();
        RateSearch any = null;
        for (TargetRun target : results.targets()) {
            ScenarioRun run = target.scenario(scenario.scenario());
            if (run == null || run.search() == null) {
                continue;
            }
            RateSearch search = run.search();
            any = search;
            rates.add(target.id() + " " + (search.sustainedRate() == null ? "none of the rates tried"
                    : (search.atLeast() ? "at least " : "") + Figures.rate(search.sustainedRate()) + " req/s"));
        }
        if (rates.isEmpty()) {
            return "";
        }
        return "The highest open rate sustained (at least " + Figures.percent(any.minHeldShare()) + " of the schedule held, p99 under "
                + Figures.ms(any.latencyBoundMs()) + " ms, in a valid run; found by a bounded search, not bootstrapped; \"at least\" "
                + "where the generator's reach, not the target, ended it): " + String.join("; ", rates) + ".";
    }

    /** The header of the pairs table. */
    public static List<String> pairHeader(Figure figure) {
        return List.of("A", "B", "A: " + figure.description(), "B", "B against A", "95% interval", "Verdict", "Rounds");
    }

    /** Every pair of the scenario: its figures, the difference of B from A with its interval, the verdict and why. */
    public static List<List<String>> pairRows(ScenarioFindings scenario) {
        List<List<String>> rows = new ArrayList<>();
        for (ScenarioFindings.Group group : scenario.groups()) {
            for (PairRule.Verdict verdict : group.verdicts()) {
                PairStatistics statistics = verdict.statistics();
                Figure figure = group.fellBehind().order().stream().anyMatch(ranked -> ranked.target().equals(verdict.a()))
                        ? Figure.HELD_SHARE : scenario.figure();
                List<String> row = new ArrayList<>();
                row.add(verdict.a());
                row.add(verdict.b());
                if (statistics == null) {
                    row.addAll(List.of(StudyTable.NONE, StudyTable.NONE, StudyTable.NONE, StudyTable.NONE, "cannot tell: " + verdict.why(),
                            StudyTable.NONE));
                    rows.add(row);
                    continue;
                }
                row.add(figure(figure, statistics.figureA()[0]));
                row.add(figure(figure, statistics.figureB()[0]));
                // B against A in the figure's own direction: for a latency B/A - 1, so +20% is B 20% slower.
                boolean lowerBetter = figure.direction() == io.workbench.mainjob.findings.Bootstrap.Direction.LOWER_IS_BETTER;
                double point = lowerBetter ? statistics.advantage() : 1 / statistics.advantage();
                double low = lowerBetter ? statistics.low() : 1 / statistics.high();
                double high = lowerBetter ? statistics.high() : 1 / statistics.low();
                row.add(signedPercent(point - 1));
                row.add(signedPercent(low - 1) + " to " + (Double.isInfinite(high) ? "unbounded" : signedPercent(high - 1)));
                row.add(switch (verdict.outcome()) {
                    case A_LEADS -> verdict.a() + " leads";
                    case B_LEADS -> verdict.b() + " leads";
                    case EQUIVALENT -> "equivalent within " + margin(statistics.margin());
                    case CANNOT_TELL -> "cannot tell: " + verdict.why();
                });
                row.add(rounds(statistics.roundsA()));
                rows.add(row);
            }
        }
        return rows;
    }
}
