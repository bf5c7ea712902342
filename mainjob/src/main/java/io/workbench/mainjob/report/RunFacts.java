package io.workbench.mainjob.report;

import io.workbench.mainjob.findings.PairRule;
import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.findings.ScenarioFindings;
import io.workbench.mainjob.report.results.Environment;
import io.workbench.mainjob.report.results.GcPause;
import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.loadgen.summary.RunVerdict;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The sentences and small tables both reports share, besides the study's table: the run's header,
 * per-scenario details, the validity of each run, failures, GC pauses and the environment. Each
 * method returns rows of cells, so Markdown and HTML only differ in markup.
 */
public final class RunFacts {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private RunFacts() {
    }

    public static String when(long epochMillis) {
        return WHEN.format(Instant.ofEpochMilli(epochMillis));
    }

    public static String headline(RunResults results, RunFindings findings) {
        double seconds = (results.finishedEpochMillis() - results.startedEpochMillis()) / 1000.0;
        StringBuilder text = new StringBuilder()
                .append("Profile **").append(results.profile()).append("**")
                .append(results.scale() != 1 ? " scaled by " + results.scale() + " (a test run, not a measurement)" : "")
                .append(", started ").append(when(results.startedEpochMillis()))
                .append(", took ").append(Figures.seconds(seconds))
                .append(results.interrupted() ? ", **interrupted** (what finished is kept)" : "")
                .append(". ");
        long runs = 0;
        long valid = 0;
        long warm = 0;
        long feeding = 0;
        for (TargetRun target : results.targets()) {
            for (ScenarioRun scenario : target.scenarios()) {
                for (Repetition repetition : scenario.measured()) {
                    runs++;
                    valid += repetition.valid() ? 1 : 0;
                    warm += repetition.warm() ? 1 : 0;
                    feeding += repetition.valid() && repetition.warm() ? 1 : 0;
                }
            }
        }
        Tally tally = Tally.of(findings);
        text.append(feeding).append(" of ").append(runs).append(" measured runs valid and warm (only they feed findings; ")
                .append(valid).append(" valid, ").append(warm).append(" warm). ")
                .append("Scenarios ranked whole: ").append(tally.ranked()).append(" of ").append(tally.scenarios())
                .append("; pairs: ").append(tally.leads()).append(" lead, ").append(tally.equivalent()).append(" equivalent, ")
                .append(tally.cannotTell()).append(" cannot tell");
        if (tally.fellBehind() > 0) {
            text.append("; ").append(tally.fellBehind()).append(tally.fellBehind() == 1 ? " target" : " targets")
                    .append(" fell behind a schedule");
        }
        text.append('.');
        commonestLimit(results).ifPresent(limit -> text.append(" The commonest limit of a run that is not valid: ").append(limit).append('.'));
        return text.toString();
    }

    /**
     * How the scenarios ended: how many were ranked whole (every neighbour pair leads or is
     * equivalent) of those with a target to rank, and the pairs by verdict.
     */
    public record Tally(long scenarios, long ranked, long leads, long equivalent, long cannotTell, long fellBehind) {

        public static Tally of(RunFindings findings) {
            long scenarios = 0;
            long ranked = 0;
            long leads = 0;
            long equivalent = 0;
            long cannotTell = 0;
            long behind = 0;
            for (ScenarioFindings scenario : findings.scenarios()) {
                if (scenario.evidence().isEmpty()) {
                    continue;
                }
                scenarios++;
                ranked += scenario.ranked() ? 1 : 0;
                for (ScenarioFindings.Group group : scenario.groups()) {
                    behind += group.fellBehind().order().size();
                    for (PairRule.Verdict verdict : group.verdicts()) {
                        switch (verdict.outcome()) {
                            case A_LEADS, B_LEADS -> leads++;
                            case EQUIVALENT -> equivalent++;
                            case CANNOT_TELL -> cannotTell++;
                        }
                    }
                }
            }
            return new Tally(scenarios, ranked, leads, equivalent, cannotTell, behind);
        }
    }

    /**
     * The limit most runs that are not valid share, with its count, e.g.
     * {@code generator-cpu: the generator's CPU (its loop had no idle time left) (28 runs)}.
     */
    static java.util.Optional<String> commonestLimit(RunResults results) {
        Map<Limit, Long> counts = results.targets().stream()
                .flatMap(target -> target.scenarios().stream())
                .flatMap(scenario -> scenario.measured().stream())
                .filter(repetition -> !repetition.valid())
                .collect(Collectors.groupingBy(repetition -> repetition.verdict().limitedBy(), Collectors.counting()));
        return counts.entrySet().stream()
                .max(Map.Entry.<Limit, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey(java.util.Comparator.reverseOrder())))
                .map(entry -> entry.getKey().label() + ": " + entry.getKey().description()
                        + " (" + entry.getValue() + (entry.getValue() == 1 ? " run)" : " runs)"));
    }

    public static List<String> scenarioHeader(boolean concurrency) {
        return concurrency
                ? List.of("Target", "In flight at once: best", "median", "spread", "polled peak", "/stats maxInFlight",
                        "Errors (best run)", "Valid runs")
                : List.of("Target", "Rate target → achieved", "Mean ms: best", "median", "spread", "Max ms: best", "median",
                        "p99 ms", "Generator lag p99 ms (worst valid run)", "GC pauses in best run (longest ms)",
                        "Errors (best run)", "Valid runs", "Valid and warm");
    }

    public static List<List<String>> scenarioRows(RunResults results, String scenario, boolean concurrency) {
        List<List<String>> rows = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            ScenarioRun run = target.scenario(scenario);
            if (run == null) {
                continue;
            }
            ScenarioFigures figures = ScenarioFigures.of(run);
            List<String> row = new ArrayList<>();
            row.add(target.id());
            if (!figures.hasData()) {
                row.add(figures.limitsText());
                while (row.size() < scenarioHeader(concurrency).size()) {
                    row.add(StudyTable.NONE);
                }
                rows.add(row);
                continue;
            }
            Repetition best = figures.best().orElseThrow();
            LoadSummary summary = best.summary();
            String valid = figures.validCount() + "/" + figures.measured().size();
            if (concurrency) {
                row.add(Figures.count(ScenarioFigures.peakInFlight(best)));
                row.add(Figures.count(figures.medianPeakInFlight()));
                row.add(Figures.percent(figures.spread()));
                row.add(best.peakInFlight() == null ? "n/a" : Figures.count(best.peakInFlight()));
                row.add(best.statsAfter() == null ? "n/a" : Figures.count(best.statsAfter().maxInFlight()));
                row.add(errors(summary));
                row.add(valid);
            } else {
                row.add(Figures.rate(summary.targetRate() == null ? Double.NaN : summary.targetRate()) + " → "
                        + Figures.rate(summary.achievedRate()) + " (" + Figures.percent(figures.rateFraction()) + ")");
                row.add(Figures.ms(ScenarioFigures.meanMs(best)));
                row.add(Figures.ms(figures.medianMeanMs()));
                row.add(Figures.percent(figures.spread()));
                row.add(Figures.ms(ScenarioFigures.maxMs(best)));
                row.add(Figures.ms(figures.medianMaxMs()));
                row.add(Figures.ms(summary.latency().intendedToEnd().p99Ms()));
                row.add(Figures.ms(figures.worstLagMs()));
                row.add(pausesDuring(target, summary));
                row.add(errors(summary));
                row.add(valid);
                row.add(figures.measured().stream().filter(rep -> rep.valid() && rep.warm()).count() + "/" + figures.measured().size());
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * The target's GC pauses that began while a run was under way, e.g. {@code 3 (412.50)}: the
     * pause next to the run's maximum says whether the collector could explain it.
     */
    public static String pausesDuring(TargetRun target, LoadSummary summary) {
        List<GcPause> pauses = target.gcPauses() == null ? List.of() : target.gcPauses().stream()
                .filter(pause -> pause.startEpochMillis() >= summary.startEpochMillis()
                        && pause.startEpochMillis() <= summary.endEpochMillis())
                .toList();
        return pauses.isEmpty() ? "0" : pauses.size() + " (" + Figures.ms(pauses.stream().mapToDouble(GcPause::durationMs).max().orElse(0)) + ")";
    }

    /** Errors and time-outs of a run with their kinds, e.g. {@code 12 (reset 10, timed out 2)}. */
    public static String errors(LoadSummary summary) {
        LoadSummary.Requests requests = summary.requests();
        if (requests.failed() == 0) {
            return "0";
        }
        List<String> kinds = new ArrayList<>();
        if (requests.errorsByKind() != null) {
            requests.errorsByKind().entrySet().stream().filter(kind -> kind.getValue() != null && kind.getValue() > 0)
                    .forEach(kind -> kinds.add(kind.getKey() + " " + Figures.count(kind.getValue())));
        }
        if (requests.timedOut() > 0) {
            kinds.add("timed out " + Figures.count(requests.timedOut()));
        }
        return Figures.count(requests.failed()) + " (" + String.join(", ", kinds) + ")";
    }

    public static List<String> validityHeader() {
        return List.of("Target", "Scenario", "Round (position)", "Verdict", "Limited by", "Rate target → achieved", "Generator lag p99 ms",
                "Requests served before", "Feeds findings", "Why");
    }

    public static List<List<String>> validityRows(RunResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            for (ScenarioRun scenario : target.scenarios()) {
                List<Map.Entry<Repetition, String>> runs = new ArrayList<>();
                scenario.repetitions().forEach(repetition -> runs.add(Map.entry(repetition,
                        repetition.index() + (repetition.positionInRound() > 0 ? " (" + repetition.positionInRound() + ")" : ""))));
                if (scenario.search() != null) {
                    // The overhead scenario's search: its steps are runs too, outside the rounds.
                    scenario.search().steps().stream().filter(step -> step.run() != null)
                            .forEach(step -> runs.add(Map.entry(step.run(), "search at " + Figures.rate(step.rate()) + " req/s")));
                }
                for (Map.Entry<Repetition, String> entry : runs) {
                    Repetition repetition = entry.getKey();
                    List<String> row = new ArrayList<>();
                    row.add(target.id());
                    row.add(scenario.scenario());
                    row.add(entry.getValue());
                    LoadSummary summary = repetition.summary();
                    if (summary == null) {
                        row.add("no result");
                        row.add(StudyTable.NONE);
                        row.add(StudyTable.NONE);
                        row.add(StudyTable.NONE);
                        row.add(Figures.count(repetition.servedBefore()));
                        row.add("no");
                        row.add(repetition.failure() == null ? "" : repetition.failure());
                        rows.add(row);
                        continue;
                    }
                    RunVerdict verdict = repetition.verdict();
                    String label = summary.interrupted() ? "INTERRUPTED" : verdict.valid() ? "valid"
                            : verdict.limitedBy() == Limit.NOT_JUDGED ? "NOT JUDGED" : "INVALID";
                    row.add(label + (repetition.warming() ? ", not warm" : ""));
                    row.add(verdict.valid() ? Limit.NONE.label()
                            : String.join(", ", verdict.limits().stream().map(Limit::label).toList()));
                    row.add(summary.targetRate() == null
                            ? (repetition.index() == 0 ? "closed: " : "at once: ") + Figures.rate(summary.achievedRate())
                            : Figures.rate(summary.targetRate()) + " → " + Figures.rate(summary.achievedRate()));
                    row.add(Figures.ms(ScenarioFigures.lagP99Ms(repetition)));
                    row.add(Figures.count(repetition.servedBefore()));
                    row.add(repetition.index() > 0 && repetition.valid() && repetition.warm() ? "yes" : "no");
                    List<String> why = new ArrayList<>(verdict.reasons());
                    if (summary.interrupted()) {
                        why.add("interrupted");
                    }
                    row.add(String.join("; ", why));
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    public static List<String> targetHeader() {
        return List.of("Target", "Status", "Exit", "Open-files limit", "GC pauses", "Longest pause ms", "Paused in total ms", "Note");
    }

    public static List<List<String>> targetRows(RunResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            List<GcPause> pauses = target.gcPauses() == null ? List.of() : target.gcPauses();
            double longest = pauses.stream().mapToDouble(GcPause::durationMs).max().orElse(0);
            double total = pauses.stream().mapToDouble(GcPause::durationMs).sum();
            rows.add(List.of(target.id(), target.status().name().toLowerCase(),
                    target.exitCode() == null ? "n/a" : String.valueOf(target.exitCode()),
                    target.descriptorLimit() == null ? "n/a" : Figures.count(target.descriptorLimit()),
                    Figures.count(pauses.size()), Figures.ms(longest), Figures.ms(total),
                    target.failure() == null ? "" : target.failure()));
        }
        return rows;
    }

    public static List<List<String>> environmentRows(RunResults results) {
        Environment environment = results.environment();
        Environment.Pinning pinning = environment.pinning();
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Command", results.command()));
        rows.add(List.of("Machine", environment.hostname() + ": " + environment.cpus() + " CPUs (" + environment.cpuModel()
                + "), " + Figures.count(environment.memoryBytes() >> 20) + " MiB, " + environment.os()));
        rows.add(List.of("Load average (1, 5, 15 min)", "at start " + environment.loadAverageStart() + "; at end "
                + (environment.loadAverageEnd() == null ? "n/a" : environment.loadAverageEnd())));
        rows.add(List.of("JDK", environment.jdk() + " at " + environment.javaHome()));
        rows.add(List.of("Target JVM flags", String.join(" ", environment.targetJvmFlags()) + " (and a GC log per target)"));
        rows.add(List.of("Load generator JVM flags", String.join(" ", environment.loadJvmFlags())));
        rows.add(List.of("Pinning", pinning.pinned()
                ? "target taskset -c " + pinning.targetCpus() + ", load generator taskset -c " + pinning.loadCpus() + ": " + pinning.note()
                : "none: " + pinning.note()));
        rows.add(List.of("Network", environment.network()));
        rows.add(List.of("Open files per process", Figures.count(environment.descriptorLimit()) + " (hard limit)"));
        rows.add(List.of("Concurrency-level cap", results.concurrencyCap().explanation()));
        return rows;
    }

    /** How often each error kind occurred over every run of the whole suite, for the failures section. */
    public static Map<String, Long> errorKinds(RunResults results) {
        return results.targets().stream()
                .flatMap(target -> target.scenarios().stream())
                .flatMap(scenario -> scenario.measured().stream())
                .map(repetition -> repetition.summary().requests().errorsByKind())
                .filter(kinds -> kinds != null)
                .flatMap(kinds -> kinds.entrySet().stream())
                .collect(Collectors.groupingBy(Map.Entry::getKey, java.util.TreeMap::new,
                        Collectors.summingLong(entry -> entry.getValue() == null ? 0 : entry.getValue())));
    }
}
