package io.workbench.mainjob.report.results;

import java.util.List;

/**
 * The overhead scenario's bounded search for the highest open rate a target sustains: at least
 * {@code minHeldShare} of the schedule held, intended->end p99 under {@code latencyBoundMs}, in a
 * run whose own verdict is valid. When what stopped the search is the generator's measured reach
 * (its own verdict invalid, or the rate beyond what it can send here), the rate is a lower bound
 * ({@code atLeast}).
 *
 * @param latencyBoundMs the p99 bound the profile states
 * @param minHeldShare   the share of the schedule that must be held (0.99)
 * @param steps          every rate tried, in order
 * @param sustainedRate  the highest rate sustained, or null when none was
 * @param atLeast        true when the generator's reach, not the target, ended the search
 * @param note           one sentence on what ended the search
 */
public record RateSearch(double latencyBoundMs, double minHeldShare, List<Step> steps, Double sustainedRate,
                         boolean atLeast, String note) {

    public RateSearch {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /**
     * One rate tried.
     *
     * @param rate      the open rate asked for
     * @param run       the load run (directory, summary, target cost)
     * @param sustained true when the run was valid, held the share and kept the p99 under the bound
     * @param why       what the step showed, in a few words
     */
    public record Step(double rate, Repetition run, boolean sustained, String why) {
    }
}
