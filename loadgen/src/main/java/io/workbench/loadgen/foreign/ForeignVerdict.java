package io.workbench.loadgen.foreign;

import io.workbench.loadgen.summary.Limit;
import java.util.ArrayList;
import java.util.List;

/**
 * The verdict of a run another engine measured, in the shape of the load command's own
 * ({@code validity} in {@code summary.json}): the limits that fired, in the order they were found
 * ({@code limitedBy} is the first), the reasons, the accounting check and the evidence. What the
 * engine's data does not allow to judge is said, not assumed: a run with a check that cannot be
 * made is never valid, and when nothing fired it is {@link Limit#NOT_JUDGED}, its reasons saying
 * what the data lacks.
 *
 * @param limits            every limit that fired, the limiting one first; empty only when valid
 * @param reasons           one sentence per limit that fired and per check that could not be made
 * @param accountingHolds   the engine's own counters add up
 * @param lagP99LimitMs     the lag limit checked, or null when no lag was checked
 * @param minRateFraction   the least share of the rate that had to be achieved, or null when unchecked
 * @param achievedFraction  evidence: the achieved rate over the rate asked for, or null
 * @param lagP99Ms          evidence: the generator's lateness p99 (intended->send from older logs), or null
 * @param blockedCount      evidence: requests that waited for a connection, or null where not counted
 */
public record ForeignVerdict(List<Limit> limits, List<String> reasons, boolean accountingHolds, Double lagP99LimitMs,
                             Double minRateFraction, Double achievedFraction, Double lagP99Ms, Long blockedCount) {

    public boolean valid() {
        return limits.isEmpty();
    }

    public Limit limitedBy() {
        return limits.isEmpty() ? Limit.NONE : limits.get(0);
    }

    /** A verdict built check by check. */
    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {

        private final List<Limit> fired = new ArrayList<>();
        private final List<String> firedReasons = new ArrayList<>();
        private final List<String> lacks = new ArrayList<>();
        private boolean accountingHolds = true;
        private Double lagP99LimitMs;
        private Double minRateFraction;
        private Double achievedFraction;
        private Double lagP99Ms;
        private Long blockedCount;

        private Builder() {
        }

        /** A limit fired, for this reason. */
        public Builder fired(Limit limit, String reason) {
            alsoFired(limit);
            firedReasons.add(reason);
            return this;
        }

        /** A limit fired whose reason is already among the reasons. */
        public Builder alsoFired(Limit limit) {
            if (limit == Limit.NONE || limit == Limit.NOT_JUDGED) {
                throw new IllegalArgumentException(limit + " is not a limit that fires; use lacks()");
            }
            if (!fired.contains(limit)) {
                fired.add(limit);
            }
            return this;
        }

        /** A reason beside the limits already fired (another symptom of the same limit). */
        public Builder because(String reason) {
            firedReasons.add(reason);
            return this;
        }

        /** A check the data does not allow: the run cannot be called valid; the reason says what is missing. */
        public Builder lacks(String reason) {
            lacks.add(reason);
            return this;
        }

        /** The engine's counters do not add up: the run's figures cannot be trusted. */
        public Builder accountingFails(String reason) {
            accountingHolds = false;
            lacks.add(reason);
            return this;
        }

        public Builder lagLimit(Double lagP99LimitMs) {
            this.lagP99LimitMs = lagP99LimitMs;
            return this;
        }

        public Builder minRateFraction(Double minRateFraction) {
            this.minRateFraction = minRateFraction;
            return this;
        }

        public Builder achievedFraction(Double achievedFraction) {
            this.achievedFraction = achievedFraction;
            return this;
        }

        public Builder lag(Double lagP99Ms) {
            this.lagP99Ms = lagP99Ms;
            return this;
        }

        public Builder blocked(Long blockedCount) {
            this.blockedCount = blockedCount;
            return this;
        }

        public boolean hasFired(Limit limit) {
            return fired.contains(limit);
        }

        public ForeignVerdict build() {
            List<Limit> limits = new ArrayList<>(fired);
            if (limits.isEmpty() && !lacks.isEmpty()) {
                limits.add(Limit.NOT_JUDGED);
            }
            List<String> reasons = new ArrayList<>(firedReasons);
            reasons.addAll(lacks);
            return new ForeignVerdict(List.copyOf(limits), List.copyOf(reasons), accountingHolds, lagP99LimitMs, minRateFraction,
                    achievedFraction, lagP99Ms, blockedCount);
        }
    }
}
