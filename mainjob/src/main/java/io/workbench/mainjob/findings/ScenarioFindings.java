package io.workbench.mainjob.findings;

import io.workbench.mainjob.report.results.ScenarioPreset;
import java.util.List;

/**
 * One scenario's findings: every target's evidence, and per interleaving group the ranking of
 * the targets that kept up (by the scenario's figure) and of those that fell behind (by the share
 * of the schedule they held), with every pair's verdict. Holm's correction runs over every pair of
 * the scenario at once.
 *
 * @param preset   the scenario
 * @param figure   what it compares
 * @param evidence every target that ran it, in the run's order
 * @param groups   one per interleaving group that has targets in the scenario
 * @param family   the number of pairs the correction ran over
 */
public record ScenarioFindings(ScenarioPreset preset, Figure figure, List<Evidence> evidence, List<Group> groups, int family) {

    /**
     * @param members    the group's targets that ran the scenario
     * @param keptUp     the targets with a figure that kept up, ranked
     * @param fellBehind the targets with a figure that fell behind, ranked by the share they held
     * @param verdicts   every pair's verdict, both rankings'
     * @param errors     per target with a figure, its failed share of requests with a 95% interval [share, low, high]
     * @param held       per target that fell behind, its held share of the schedule with a 95% interval
     */
    public record Group(List<String> members, Ranking keptUp, Ranking fellBehind, List<PairRule.Verdict> verdicts,
                        java.util.Map<String, double[]> errors, java.util.Map<String, double[]> held) {
    }

    public String scenario() {
        return preset.scenario();
    }

    /** The evidence of a target, or null when it did not run the scenario. */
    public Evidence of(String target) {
        return evidence.stream().filter(entry -> entry.target().equals(target)).findFirst().orElse(null);
    }

    /** True when some group ranks all its targets that kept up (at least two) in a whole ranking. */
    public boolean ranked() {
        return !groups.isEmpty() && groups.stream().allMatch(group -> group.keptUp().whole());
    }
}
