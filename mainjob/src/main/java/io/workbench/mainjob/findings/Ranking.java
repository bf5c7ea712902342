package io.workbench.mainjob.findings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order of a scenario's targets that the pairs allow: the targets sorted by their figure, best
 * first, and between each two neighbours their pair's verdict. The ranking is whole when every
 * neighbour pair is decided the way the order has it (the first leads, or the two are equivalent);
 * where a pair cannot be told apart the ranking cannot order them, and says so.
 *
 * @param figure  what the targets are ordered by
 * @param order   the targets, best figure first, each with its figure and 95% interval
 * @param between the verdict between {@code order[i]} and {@code order[i+1]}, one fewer than the targets
 */
public record Ranking(Figure figure, List<Ranked> order, List<PairRule.Verdict> between) {

    /**
     * @param target the target
     * @param value  its figure over every round that feeds it
     * @param low    the 95% interval's low end (its resolution included)
     * @param high   the high end
     */
    public record Ranked(String target, double value, double low, double high) {
    }

    /**
     * @param targets  the targets with a figure, each with it
     * @param verdicts the verdicts of every pair among them (others are ignored)
     */
    public static Ranking of(Figure figure, List<Ranked> targets, List<PairRule.Verdict> verdicts) {
        Comparator<Ranked> better = Comparator.comparingDouble(Ranked::value);
        if (figure.direction() == Bootstrap.Direction.HIGHER_IS_BETTER) {
            better = better.reversed();
        }
        List<Ranked> order = new ArrayList<>(targets);
        order.sort(better.thenComparing(Ranked::target));
        List<PairRule.Verdict> between = new ArrayList<>();
        for (int i = 0; i + 1 < order.size(); i++) {
            String first = order.get(i).target();
            String second = order.get(i + 1).target();
            between.add(verdicts.stream().filter(verdict -> verdict.between(first, second)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no verdict between " + first + " and " + second)));
        }
        return new Ranking(figure, List.copyOf(order), List.copyOf(between));
    }

    /** True when the neighbours {@code i} and {@code i+1} are ordered: the first leads or they are equivalent. */
    public boolean ordered(int i) {
        PairRule.Verdict verdict = between.get(i);
        return verdict.outcome() == PairRule.Outcome.EQUIVALENT || order.get(i).target().equals(verdict.leader());
    }

    /** True when every neighbour pair is ordered (and there are at least two targets). */
    public boolean whole() {
        if (order.size() < 2) {
            return false;
        }
        for (int i = 0; i < between.size(); i++) {
            if (!ordered(i)) {
                return false;
            }
        }
        return true;
    }
}
