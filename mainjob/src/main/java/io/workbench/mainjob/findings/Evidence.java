package io.workbench.mainjob.findings;

import io.workbench.mainjob.report.results.Repetition;
import java.util.List;

/**
 * What one target's findings in one scenario rest on: the runs that feed them (measured, valid by
 * the generator's own verdict, and warm) with the units read from their files, and every other
 * run with why it does not.
 *
 * @param target      the target's id
 * @param figure      what the scenario compares
 * @param feeding     the runs that feed the figure, in round order
 * @param excluded    the runs that do not, with why
 * @param sample      the figure's units by round, or null when no run feeds it
 * @param source      where the units come from, in a few words (e.g. {@code tried-to-end intervals})
 * @param fallback    why the source is not the one the figure asks for (older files), or null
 * @param requests    the requests the figure rests on
 * @param fellBehind  the rounds whose run says the target fell behind (an open schedule it did not keep), empty when none
 * @param behindWhy   the generator's sentence on the first of them, or null
 * @param held        the share of the schedule held, one unit per round, or null (no open schedule)
 * @param errors      failed requests over requests sent, one unit per round, or null
 */
public record Evidence(String target, Figure figure, List<Repetition> feeding, List<Exclusion> excluded,
                       RoundedSample sample, String source, String fallback, long requests, List<Integer> fellBehind,
                       String behindWhy, RoundedSample held, RoundedSample errors) {

    /**
     * A run that does not feed the figure.
     *
     * @param round the round it was measured in
     * @param why   e.g. {@code not valid: generator-cpu}, {@code taken before the target was warm}
     */
    public record Exclusion(int round, String why) {
    }

    public boolean hasFigure() {
        return sample != null;
    }

    public boolean behind() {
        return !fellBehind.isEmpty();
    }

    /** The rounds that feed the figure. */
    public List<Integer> rounds() {
        return sample == null ? List.of() : List.copyOf(sample.rounds().keySet());
    }

    /** True when every run the target measured in the scenario feeds the figure. */
    public boolean whole() {
        return excluded.isEmpty();
    }
}
