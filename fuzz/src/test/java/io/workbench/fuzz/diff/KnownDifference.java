package io.workbench.fuzz.diff;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * A difference between iocore and a peer that is understood, with the RFC clause that says why it is
 * not a bug of iocore's: either a leniency (or strictness) the RFC leaves to the implementation
 * ({@link Verdict#ALLOWED}), or a peer's decoder doing what the RFC says a server must not
 * ({@link Verdict#PEER_DEVIATION}: described, not reported upstream from here).
 *
 * @param id     a short name, as reports and the results page use it
 * @param peers  the peers it applies to
 * @param kind   how the parsers part
 * @param reason what the reason of the discrepancy matches (a regular expression, found anywhere in it)
 * @param detail what the discrepancy's detail (both parsers' outcomes) must also match, where the reason alone says too little
 * @param clause the RFC clause
 * @param why    what each side does and why that is allowed, or what the peer does against the clause
 */
public record KnownDifference(String id, Set<String> peers, Discrepancy.Kind kind, Pattern reason, Pattern detail, Verdict verdict, String clause, String why) {

    /**
     * Whether the RFC allows both behaviours, the peer departs from it, or iocore is stricter than
     * the RFC asks (a deliberate choice, listed so that it stays one).
     */
    public enum Verdict { ALLOWED, PEER_DEVIATION, IOCORE_STRICTER }

    static KnownDifference of(String id, Set<String> peers, Discrepancy.Kind kind, String reason, Verdict verdict, String clause, String why) {
        return new KnownDifference(id, peers, kind, Pattern.compile(reason), null, verdict, clause, why);
    }

    /** The same, narrowed to discrepancies whose detail also matches {@code detail}. */
    KnownDifference where(String detail) {
        return new KnownDifference(id, peers, kind, reason, Pattern.compile(detail), verdict, clause, why);
    }

    public boolean matches(Discrepancy discrepancy) {
        return peers.contains(discrepancy.peer()) && kind == discrepancy.kind() && reason.matcher(discrepancy.reason()).find()
                && (detail == null || detail.matcher(discrepancy.detail()).find());
    }
}
