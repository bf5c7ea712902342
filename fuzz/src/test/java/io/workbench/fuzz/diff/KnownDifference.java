package io.workbench.fuzz.diff;

import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A difference between iocore and a peer that is understood, with the RFC clause that says why it is
 * not a bug of iocore's: either a leniency (or strictness) the RFC leaves to the implementation
 * ({@link Verdict#ALLOWED}), or a peer's decoder doing what the RFC says a server must not
 * ({@link Verdict#PEER_DEVIATION}: described, not reported upstream from here).
 *
 * <p>An entry is as narrow as its reason: besides the peer, the kind and the words of the reason,
 * most read the discrepancy's {@link Comparison} to check that what the reason is about is there,
 * in the request the discrepancy is on (the bytes of that request, what iocore or the peer made of
 * it), so that the entry excuses that one discrepancy and nothing that merely looks like it.
 *
 * @param id        a short name, as reports and the results page use it
 * @param peers     the peers it applies to
 * @param kind      how the parsers part
 * @param reason    what the reason of the discrepancy matches (a regular expression, found anywhere in it)
 * @param condition what must also hold of the discrepancy and its comparison; null if the reason says enough
 * @param when      that condition in words, for reports
 * @param clause    the RFC clause
 * @param why       what each side does and why that is allowed, or what the peer does against the clause
 */
public record KnownDifference(String id, Set<String> peers, Discrepancy.Kind kind, Pattern reason, Predicate<Discrepancy> condition, String when,
                              Verdict verdict, String clause, String why) {

    /**
     * Whether the RFC allows both behaviours, the peer departs from it, or iocore is stricter than
     * the RFC asks (a deliberate choice, listed so that it stays one).
     */
    public enum Verdict { ALLOWED, PEER_DEVIATION, IOCORE_STRICTER }

    static KnownDifference of(String id, Set<String> peers, Discrepancy.Kind kind, String reason, Verdict verdict, String clause, String why) {
        // DOTALL: a reason may quote bytes Java takes for line terminators (0x85, say), which . would not match.
        return new KnownDifference(id, peers, kind, Pattern.compile(reason, Pattern.DOTALL), null, "", verdict, clause, why);
    }

    /** The same, narrowed to discrepancies of which {@code condition} ({@code when}, in words) holds. */
    KnownDifference when(String when, Predicate<Discrepancy> condition) {
        return new KnownDifference(id, peers, kind, reason, condition, when, verdict, clause, why);
    }

    public boolean matches(Discrepancy discrepancy) {
        if (!peers.contains(discrepancy.peer()) || kind != discrepancy.kind() || !reason.matcher(discrepancy.reason()).find()) {
            return false;
        }
        if (condition == null) {
            return true;
        }
        if (discrepancy.on() == null) {
            return false;
        }
        try {
            return condition.test(discrepancy);
        } catch (RuntimeException x) {
            // A condition that cannot read what it needs does not apply.
            return false;
        }
    }

    @Override
    public String toString() {
        return id + " (" + peers + " " + kind + ", /" + reason + "/" + (when.isEmpty() ? "" : ", only when " + when) + ")";
    }
}
