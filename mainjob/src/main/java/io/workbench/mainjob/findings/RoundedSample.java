package io.workbench.mainjob.findings;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One target's units in one scenario, grouped by the round they were measured in: the bootstrap
 * draws rounds first (a round's runs of every target together, so the machine's drift in that
 * round is in both sides of a ratio), then units within each drawn round.
 *
 * @param estimator the figure over the units
 * @param rounds    for each round (1..) the indexes of the estimator's units measured in it
 */
public record RoundedSample(Estimator estimator, SortedMap<Integer, int[]> rounds) {

    public RoundedSample {
        TreeMap<Integer, int[]> copy = new TreeMap<>();
        for (Map.Entry<Integer, int[]> round : rounds.entrySet()) {
            int[] units = round.getValue().clone();
            if (units.length == 0) {
                throw new IllegalArgumentException("round " + round.getKey() + " has no units");
            }
            for (int unit : units) {
                if (unit < 0 || unit >= estimator.units()) {
                    throw new IllegalArgumentException("round " + round.getKey() + ": unit " + unit + " of " + estimator.units());
                }
            }
            copy.put(round.getKey(), units);
        }
        rounds = Collections.unmodifiableSortedMap(copy);
    }

    /**
     * A sample whose units were appended round by round: {@code unitsPerRound.get(r)} units for the
     * r-th round listed, numbered from 0 in order.
     */
    public static RoundedSample consecutive(Estimator estimator, List<Integer> roundNumbers, List<Integer> unitsPerRound) {
        TreeMap<Integer, int[]> rounds = new TreeMap<>();
        int next = 0;
        for (int i = 0; i < roundNumbers.size(); i++) {
            int[] units = new int[unitsPerRound.get(i)];
            for (int u = 0; u < units.length; u++) {
                units[u] = next++;
            }
            rounds.put(roundNumbers.get(i), units);
        }
        return new RoundedSample(estimator, rounds);
    }

    /** The same units, keeping only the rounds listed. */
    public RoundedSample only(java.util.Collection<Integer> keep) {
        TreeMap<Integer, int[]> kept = new TreeMap<>(rounds);
        kept.keySet().retainAll(keep);
        return new RoundedSample(estimator, kept);
    }

    /** The figure over the units of its rounds, each once: [figure, lowest, highest]. */
    public double[] figure() {
        int[] weights = new int[estimator.units()];
        rounds.values().forEach(units -> {
            for (int unit : units) {
                weights[unit]++;
            }
        });
        double[] out = new double[3];
        estimator.estimate(weights, out);
        return out;
    }

    @Override
    public String toString() {
        return "RoundedSample[rounds=" + rounds.keySet() + ", " + estimator + "]";
    }
}
