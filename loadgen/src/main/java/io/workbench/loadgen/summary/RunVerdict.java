package io.workbench.loadgen.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's verdict as the report takes it from its {@code summary.json}: valid or not, what limited
 * it, every limit that fired and the reasons. A run counts as valid only when its summary says so
 * without contradicting itself: {@code valid} true, the limit {@code none} (or not named, in a
 * summary written before verdicts named their limit) and the accounting not known to fail.
 *
 * <p>Summaries written before verdicts named their limit have no {@code limitedBy}: a valid one
 * stays valid; an invalid one is {@link Limit#NOT_JUDGED}, with the reason
 * {@value #UNNAMED_LIMIT} before its own reasons.
 *
 * @param valid     true when the run's figures may be used as findings
 * @param limitedBy what limited it ({@link Limit#NONE} when valid)
 * @param limits    every limit that fired, {@code limitedBy} first; empty when valid
 * @param reasons   the summary's sentences, and the report's where it had to read between them
 */
public record RunVerdict(boolean valid, Limit limitedBy, List<Limit> limits, List<String> reasons) {

    /** The reason a pre-verdict summary's invalid run is not judged. */
    public static final String UNNAMED_LIMIT = "written before verdicts named their limit";

    public static RunVerdict of(LoadSummary summary) {
        if (summary == null) {
            return notJudged(List.of("the run left no summary"));
        }
        LoadSummary.Validity validity = summary.validity();
        if (validity == null) {
            return notJudged(List.of("the summary holds no verdict"));
        }
        List<String> reasons = new ArrayList<>(validity.reasons() == null ? List.of() : validity.reasons());
        if (validity.limitedBy() == null) {
            if (validity.valid() && !Boolean.FALSE.equals(validity.accountingHolds())) {
                return new RunVerdict(true, Limit.NONE, List.of(), List.copyOf(reasons));
            }
            reasons.add(0, UNNAMED_LIMIT);
            return notJudged(reasons);
        }
        Optional<Limit> named = Limit.byLabel(validity.limitedBy());
        if (named.isEmpty()) {
            reasons.add(0, "the summary names a limit this report does not know: '" + validity.limitedBy() + "'");
            return notJudged(reasons);
        }
        Limit limitedBy = named.get();
        if (limitedBy == Limit.NONE) {
            if (!validity.valid()) {
                reasons.add(0, "the summary calls the run invalid but names no limit");
                return notJudged(reasons);
            }
            if (Boolean.FALSE.equals(validity.accountingHolds())) {
                reasons.add(0, "the summary calls the run valid but its counts do not add up (sent != ok + errors + timedOut)");
                return notJudged(reasons);
            }
            return new RunVerdict(true, Limit.NONE, List.of(), List.copyOf(reasons));
        }
        if (validity.valid()) {
            reasons.add(0, "the summary calls the run valid but names a limit: " + limitedBy);
            return notJudged(reasons);
        }
        List<Limit> limits = new ArrayList<>();
        limits.add(limitedBy);
        for (String label : validity.limits() == null ? List.<String>of() : validity.limits()) {
            Limit.byLabel(label).filter(limit -> limit != Limit.NONE && !limits.contains(limit)).ifPresent(limits::add);
        }
        return new RunVerdict(false, limitedBy, List.copyOf(limits), List.copyOf(reasons));
    }

    private static RunVerdict notJudged(List<String> reasons) {
        return new RunVerdict(false, Limit.NOT_JUDGED, List.of(Limit.NOT_JUDGED), List.copyOf(reasons));
    }

    /** {@code valid}, {@code invalid: generator-cpu} or {@code not judged}. */
    public String label() {
        if (valid) {
            return "valid";
        }
        return limitedBy == Limit.NOT_JUDGED ? "not judged" : "invalid: " + limitedBy.label();
    }
}
