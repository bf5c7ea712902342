package io.workbench.mainjob.report;

import io.workbench.mainjob.findings.Bootstrap;
import io.workbench.mainjob.findings.Evidence;
import io.workbench.mainjob.findings.EvidenceReader;
import io.workbench.mainjob.findings.Figure;
import io.workbench.mainjob.findings.PairRule;
import io.workbench.mainjob.findings.PairStatistics;
import io.workbench.mainjob.findings.RoundedSample;
import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.report.results.Environment;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Two runs side by side ({@code report --compare A B}): for every target and scenario both runs
 * have, the scenario's one figure (the same as the findings': the median time beyond the wait,
 * CPU per request, the most in flight; the share of the schedule held where a side fell behind) in
 * A and in B, B's difference from A with a 95% interval, and the verdict by the same rule as a
 * run's pairs: better or worse by more than the practical margin, the same within it, or cannot
 * tell; Holm's correction over the targets of each scenario.
 *
 * <p>Two runs are not interleaved: nothing pairs A's round 1 with B's, so each side's rounds are
 * drawn on their own and the interval holds all the between-run uncertainty, the machine's drift
 * between the two runs included; it is wider than a pair's within one run. Only runs valid and warm
 * feed either side, as in the findings. The comparison says where the runs differ in what they
 * ran (a scenario's values, the target's or the generator's JVM flags, the pinning), since such a
 * difference, not the code, can be what moved a figure.
 */
public final class RunComparison {

    private RunComparison() {
    }

    public static String render(Path dirA, RunResults a, Path dirB, RunResults b) {
        return render(dirA, a, dirB, b, new Bootstrap(Bootstrap.RESAMPLES));
    }

    static String render(Path dirA, RunResults a, Path dirB, RunResults b, Bootstrap bootstrap) {
        double margin = RunFindings.margin(a);
        StringBuilder md = new StringBuilder();
        md.append("# Run A against run B\n\n");
        md.append("- A: ").append(MarkdownText.escape(dirA.toString())).append(" (profile ").append(MarkdownText.escape(a.profile()))
                .append(", ").append(RunFacts.when(a.startedEpochMillis())).append(")\n");
        md.append("- B: ").append(MarkdownText.escape(dirB.toString())).append(" (profile ").append(MarkdownText.escape(b.profile()))
                .append(", ").append(RunFacts.when(b.startedEpochMillis())).append(")\n\n");
        md.append(MarkdownText.escape("Each scenario's figure is the one its findings compare: the median time beyond the wait, "
                + "for overhead the CPU per request, for concurrency-level the most in flight, and where either side fell "
                + "behind its schedule the share of it held. Only runs valid and warm feed it. The two runs were not "
                + "interleaved: each side's rounds are drawn on their own (" + Figures.count(bootstrap.resamples())
                + " draws), so the 95% interval holds the whole between-run uncertainty, the machine's drift between the runs "
                + "included, and is wider than within one run. B is better or worse when the interval clears the practical "
                + "margin of " + FindingText.margin(margin) + ", the same when it lies within it; otherwise the comparison "
                + "cannot tell. Holm's correction runs over the targets of each scenario.")).append("\n\n");
        for (String difference : differences(a, b)) {
            md.append("**").append(MarkdownText.escape(difference)).append("**\n\n");
        }
        MarkdownReport.table(md, List.of("Target", "Scenario", "Figure", "A", "B", "B against A", "95% interval", "Verdict", "Rests on"),
                rows(dirA, a, dirB, b, bootstrap, margin), false);
        return md.toString();
    }

    /** One compared cell, before Holm's correction decides its verdict. */
    private record Cell(String target, String scenario, Figure figure, Evidence a, Evidence b, PairStatistics statistics, String missing) {
    }

    private static List<List<String>> rows(Path dirA, RunResults a, Path dirB, RunResults b, Bootstrap bootstrap, double margin) {
        List<List<String>> rows = new ArrayList<>();
        for (String scenario : union(a.presets().stream().map(ScenarioPreset::scenario).toList(),
                b.presets().stream().map(ScenarioPreset::scenario).toList())) {
            List<Cell> cells = new ArrayList<>();
            for (String target : union(a.targets().stream().map(TargetRun::id).toList(), b.targets().stream().map(TargetRun::id).toList())) {
                ScenarioRun runA = scenarioRun(a, target, scenario);
                ScenarioRun runB = scenarioRun(b, target, scenario);
                if (runA == null && runB == null) {
                    continue;
                }
                Evidence evidenceA = runA == null ? null : EvidenceReader.read(dirA, target, runA);
                Evidence evidenceB = runB == null ? null : EvidenceReader.read(dirB, target, runB);
                cells.add(cell(target, scenario, evidenceA, evidenceB, bootstrap, margin));
            }
            List<PairRule.Verdict> verdicts = PairRule.judge(cells.stream()
                    .map(cell -> new PairRule.Candidate("A", "B", cell.statistics(), cell.missing())).toList());
            for (int i = 0; i < cells.size(); i++) {
                rows.add(row(cells.get(i), verdicts.get(i)));
            }
        }
        return rows;
    }

    private static Cell cell(String target, String scenario, Evidence a, Evidence b, Bootstrap bootstrap, double margin) {
        Figure figure = a != null ? a.figure() : b.figure();
        if (a == null || b == null) {
            return new Cell(target, scenario, figure, a, b, null, "only " + (a == null ? "B" : "A") + " ran it");
        }
        if (!a.hasFigure() || !b.hasFigure()) {
            List<String> why = new ArrayList<>();
            if (!a.hasFigure()) {
                why.add("A has no valid warm run (" + FindingText.exclusions(a.excluded()) + ")");
            }
            if (!b.hasFigure()) {
                why.add("B has no valid warm run (" + FindingText.exclusions(b.excluded()) + ")");
            }
            return new Cell(target, scenario, figure, a, b, null, String.join("; ", why));
        }
        RoundedSample sampleA = a.sample();
        RoundedSample sampleB = b.sample();
        if ((a.behind() || b.behind()) && a.held() != null && b.held() != null) {
            figure = Figure.HELD_SHARE;
            sampleA = a.held();
            sampleB = b.held();
        }
        PairStatistics statistics = bootstrap.compare(sampleA, sampleB, figure.direction(), Bootstrap.Pairing.UNPAIRED, margin,
                Bootstrap.seed(scenario, target, "compare"));
        return new Cell(target, scenario, figure, a, b, statistics, null);
    }

    private static List<String> row(Cell cell, PairRule.Verdict verdict) {
        List<String> row = new ArrayList<>();
        row.add(cell.target());
        row.add(cell.scenario());
        row.add(cell.figure().description() + (cell.figure() == Figure.HELD_SHARE ? " (a side fell behind)" : ""));
        PairStatistics statistics = cell.statistics();
        if (statistics == null) {
            row.add(side(cell.a(), cell.figure()));
            row.add(side(cell.b(), cell.figure()));
            row.addAll(List.of(StudyTable.NONE, StudyTable.NONE, "cannot tell: " + cell.missing(), StudyTable.NONE));
            return row;
        }
        row.add(FindingText.figure(cell.figure(), statistics.figureA()[0]));
        row.add(FindingText.figure(cell.figure(), statistics.figureB()[0]));
        boolean lowerBetter = cell.figure().direction() == Bootstrap.Direction.LOWER_IS_BETTER;
        double point = lowerBetter ? statistics.advantage() : 1 / statistics.advantage();
        double low = lowerBetter ? statistics.low() : 1 / statistics.high();
        double high = lowerBetter ? statistics.high() : 1 / statistics.low();
        row.add(FindingText.signedPercent(point - 1));
        row.add(FindingText.signedPercent(low - 1) + " to " + (Double.isInfinite(high) ? "unbounded" : FindingText.signedPercent(high - 1)));
        row.add(switch (verdict.outcome()) {
            case A_LEADS -> "B worse by more than " + FindingText.margin(statistics.margin());
            case B_LEADS -> "B better by more than " + FindingText.margin(statistics.margin());
            case EQUIVALENT -> "the same within " + FindingText.margin(statistics.margin());
            case CANNOT_TELL -> "cannot tell: " + verdict.why();
        });
        row.add("A " + FindingText.rounds(statistics.roundsA()) + ", B " + FindingText.rounds(statistics.roundsB()));
        return row;
    }

    private static String side(Evidence evidence, Figure figure) {
        if (evidence == null) {
            return "not run";
        }
        return evidence.hasFigure() ? FindingText.figure(figure, evidence.sample().figure()[0]) : "no valid warm run";
    }

    /** What differs between the runs besides the code: the scenarios' values, the JVM flags, the pinning, the margin. */
    static List<String> differences(RunResults a, RunResults b) {
        List<String> differences = new ArrayList<>();
        for (ScenarioPreset presetA : a.presets()) {
            b.presets().stream().filter(presetB -> presetB.scenario().equals(presetA.scenario())).findFirst()
                    .filter(presetB -> !presetB.equals(presetA))
                    .ifPresent(presetB -> differences.add("Not like for like: " + presetA.scenario() + " ran as \""
                            + PresetText.describe(presetA) + "\" in A and \"" + PresetText.describe(presetB) + "\" in B."));
        }
        Environment environmentA = a.environment();
        Environment environmentB = b.environment();
        if (!Objects.equals(environmentA.loadJvmFlags(), environmentB.loadJvmFlags())) {
            differences.add("The generator's JVM flags differ (they move which runs are valid): A " + flags(environmentA.loadJvmFlags())
                    + ", B " + flags(environmentB.loadJvmFlags()) + ".");
        }
        if (!Objects.equals(environmentA.targetJvmFlags(), environmentB.targetJvmFlags())) {
            differences.add("The target's JVM flags differ: A " + flags(environmentA.targetJvmFlags()) + ", B "
                    + flags(environmentB.targetJvmFlags()) + ".");
        }
        if (!Objects.equals(environmentA.pinning(), environmentB.pinning())) {
            differences.add("The pinning differs: A " + environmentA.pinning().note() + ", B " + environmentB.pinning().note() + ".");
        }
        if (!Objects.equals(environmentA.jdk(), environmentB.jdk())) {
            differences.add("The JDK differs: A " + environmentA.jdk() + ", B " + environmentB.jdk() + ".");
        }
        if (RunFindings.margin(a) != RunFindings.margin(b)) {
            differences.add("The runs state different practical margins (A " + FindingText.margin(RunFindings.margin(a)) + ", B "
                    + FindingText.margin(RunFindings.margin(b)) + "); A's is used.");
        }
        return differences;
    }

    private static String flags(List<String> flags) {
        return flags == null || flags.isEmpty() ? "(none)" : String.join(" ", flags);
    }

    private static ScenarioRun scenarioRun(RunResults results, String target, String scenario) {
        return results.targets().stream().filter(run -> run.id().equals(target)).findFirst().map(run -> run.scenario(scenario)).orElse(null);
    }

    private static List<String> union(List<String> first, List<String> second) {
        Set<String> all = new LinkedHashSet<>(first);
        all.addAll(second);
        return List.copyOf(all);
    }
}
