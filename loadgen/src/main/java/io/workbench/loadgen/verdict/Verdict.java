package io.workbench.loadgen.verdict;

import java.util.List;

/**
 * A run's verdict: valid or not, the factor that limited it ({@link Limit}) and every other one that
 * fired, a sentence for each, the figures behind them and the lateness rule as applied.
 *
 * @param limitedBy the first limit that fired, {@link Limit#NONE} for a valid run
 * @param limits    every limit that fired, {@code limitedBy} first; empty for a valid run
 * @param reasons   one sentence per limit, in the same order
 * @param lateness  the lateness rule, its limit for this run and the figures it read
 */
public record Verdict(Limit limitedBy, List<Limit> limits, List<String> reasons, Evidence evidence, Lateness lateness) {

    public Verdict {
        limits = List.copyOf(limits);
        reasons = List.copyOf(reasons);
        if (limits.isEmpty() != (limitedBy == Limit.NONE) || (!limits.isEmpty() && limits.get(0) != limitedBy)) {
            throw new IllegalArgumentException("limitedBy " + limitedBy + " must be the first of " + limits);
        }
    }

    public boolean valid() {
        return limitedBy == Limit.NONE;
    }
}
