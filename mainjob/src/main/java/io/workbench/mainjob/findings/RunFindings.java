package io.workbench.mainjob.findings;

import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The findings of a whole run, scenario by scenario, from its results and the files of its runs:
 * the input of both reports, computed once.
 *
 * @param scenarios one per scenario, in the order they ran
 * @param margin    the practical margin the verdicts used
 * @param resamples the bootstrap's draws per comparison
 */
public record RunFindings(List<ScenarioFindings> scenarios, double margin, int resamples) {

    /** The margin when results.json states none (format 1 never did). */
    public static final double DEFAULT_MARGIN = 0.05;

    public static RunFindings of(Path runDir, RunResults results) {
        return of(runDir, results, new Bootstrap(Bootstrap.RESAMPLES));
    }

    public static RunFindings of(Path runDir, RunResults results, Bootstrap bootstrap) {
        double margin = margin(results);
        List<ScenarioFindings> scenarios = new ArrayList<>();
        for (ScenarioPreset preset : results.presets()) {
            scenarios.add(scenario(runDir, results, preset, bootstrap, margin));
        }
        return new RunFindings(List.copyOf(scenarios), margin, bootstrap.resamples());
    }

    public static double margin(RunResults results) {
        return results.practicalMargin() > 0 && results.practicalMargin() < 1 ? results.practicalMargin() : DEFAULT_MARGIN;
    }

    public ScenarioFindings scenario(String name) {
        return scenarios.stream().filter(scenario -> scenario.scenario().equals(name)).findFirst().orElse(null);
    }

    private static ScenarioFindings scenario(Path runDir, RunResults results, ScenarioPreset preset, Bootstrap bootstrap, double margin) {
        Figure figure = Figure.of(preset);
        List<Evidence> evidence = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            ScenarioRun run = target.scenario(preset.scenario());
            if (run != null) {
                evidence.add(EvidenceReader.read(runDir, target.id(), run));
            }
        }
        List<List<String>> groups = groups(results, evidence);
        // Every candidate pair of the scenario first, so that Holm's correction runs over all of them at once.
        List<PairRule.Candidate> candidates = new ArrayList<>();
        List<List<Evidence>> keptUpByGroup = new ArrayList<>();
        List<List<Evidence>> behindByGroup = new ArrayList<>();
        for (List<String> members : groups) {
            List<Evidence> keptUp = new ArrayList<>();
            List<Evidence> behind = new ArrayList<>();
            for (String member : members) {
                Evidence entry = evidence.stream().filter(e -> e.target().equals(member)).findFirst().orElseThrow();
                if (entry.hasFigure()) {
                    (entry.behind() && entry.held() != null ? behind : keptUp).add(entry);
                }
            }
            keptUpByGroup.add(keptUp);
            behindByGroup.add(behind);
            pairs(preset, keptUp, figure, false, bootstrap, margin, candidates);
            pairs(preset, behind, Figure.HELD_SHARE, true, bootstrap, margin, candidates);
        }
        List<PairRule.Verdict> verdicts = PairRule.judge(candidates);
        List<ScenarioFindings.Group> judged = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            List<Evidence> keptUp = keptUpByGroup.get(g);
            List<Evidence> behind = behindByGroup.get(g);
            List<PairRule.Verdict> own = verdicts.stream().filter(verdict -> inGroup(verdict, keptUp) || inGroup(verdict, behind)).toList();
            Map<String, double[]> errors = new LinkedHashMap<>();
            Map<String, double[]> held = new LinkedHashMap<>();
            for (Evidence entry : evidence) {
                if (groups.get(g).contains(entry.target()) && entry.hasFigure()) {
                    errors.put(entry.target(), bootstrap.interval(entry.errors(), Bootstrap.seed(preset.scenario(), entry.target(), "errors")));
                    if (behind.contains(entry)) {
                        held.put(entry.target(), bootstrap.interval(entry.held(), Bootstrap.seed(preset.scenario(), entry.target(), "held")));
                    }
                }
            }
            judged.add(new ScenarioFindings.Group(groups.get(g),
                    Ranking.of(figure, ranked(preset, keptUp, false, bootstrap), own),
                    Ranking.of(Figure.HELD_SHARE, ranked(preset, behind, true, bootstrap), own), own, errors, held));
        }
        return new ScenarioFindings(preset, figure, List.copyOf(evidence), List.copyOf(judged), candidates.size());
    }

    private static boolean inGroup(PairRule.Verdict verdict, List<Evidence> members) {
        return members.stream().anyMatch(e -> e.target().equals(verdict.a())) && members.stream().anyMatch(e -> e.target().equals(verdict.b()));
    }

    private static void pairs(ScenarioPreset preset, List<Evidence> members, Figure figure, boolean held, Bootstrap bootstrap,
                              double margin, List<PairRule.Candidate> candidates) {
        for (int i = 0; i < members.size(); i++) {
            for (int j = i + 1; j < members.size(); j++) {
                Evidence a = members.get(i);
                Evidence b = members.get(j);
                RoundedSample sampleA = held ? a.held() : a.sample();
                RoundedSample sampleB = held ? b.held() : b.sample();
                List<Integer> shared = new ArrayList<>(sampleA.rounds().keySet());
                shared.retainAll(sampleB.rounds().keySet());
                if (shared.isEmpty()) {
                    candidates.add(new PairRule.Candidate(a.target(), b.target(), null,
                            "no round in which both have a valid warm run (" + a.target() + ": " + a.rounds() + ", "
                                    + b.target() + ": " + b.rounds() + ")"));
                    continue;
                }
                PairStatistics statistics = bootstrap.compare(sampleA, sampleB, figure.direction(), Bootstrap.Pairing.PAIRED, margin,
                        Bootstrap.seed(preset.scenario(), figure.name(), a.target(), b.target()));
                candidates.add(new PairRule.Candidate(a.target(), b.target(), statistics, null));
            }
        }
    }

    private static List<Ranking.Ranked> ranked(ScenarioPreset preset, List<Evidence> members, boolean held, Bootstrap bootstrap) {
        List<Ranking.Ranked> ranked = new ArrayList<>();
        for (Evidence entry : members) {
            RoundedSample sample = held ? entry.held() : entry.sample();
            double[] interval = bootstrap.interval(sample, Bootstrap.seed(preset.scenario(), entry.target(), held ? "held share" : "figure"));
            ranked.add(new Ranking.Ranked(entry.target(), interval[0], interval[1], interval[2]));
        }
        return ranked;
    }

    /** The run's interleaving groups, each cut to the targets that ran the scenario; one group of all when the run states none. */
    private static List<List<String>> groups(RunResults results, List<Evidence> evidence) {
        List<String> ran = evidence.stream().map(Evidence::target).toList();
        List<List<String>> stated = results.groups() == null || results.groups().isEmpty() ? List.of(ran) : results.groups();
        List<List<String>> groups = new ArrayList<>();
        List<String> placed = new ArrayList<>();
        for (List<String> group : stated) {
            List<String> members = group.stream().filter(ran::contains).filter(id -> !placed.contains(id)).toList();
            placed.addAll(members);
            if (!members.isEmpty()) {
                groups.add(members);
            }
        }
        // A target the groups do not list (results.json written by hand, or a failed target) is a group of its own.
        for (String id : ran) {
            if (!placed.contains(id)) {
                groups.add(List.of(id));
            }
        }
        return groups;
    }
}
