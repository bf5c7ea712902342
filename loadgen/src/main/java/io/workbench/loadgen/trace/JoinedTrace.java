package io.workbench.loadgen.trace;

import java.util.List;

/**
 * A run's trace, both sides joined on the request id: for every request the generator traced, the
 * target's record of it if there is one; and what could not be joined, counted by why.
 *
 * <p>A request's parts are whole ({@link #joined}) when it is measured, got a response, and the
 * target recorded it with every stamp (no flag). The others are counted, never silently left out:
 * a measured response the target has no record of ({@link #unmatchedGenerator()}: its record was
 * dropped, or the target does not trace that path), one whose record misses a stamp
 * ({@link #incomplete()}), and target records no request of the run carries ({@link #unmatchedTarget()}:
 * left over from another client, or a duplicate id).
 *
 * @param generator          every loop's records
 * @param target             the target's records
 * @param targetIndex        per generator record, in loop order, the index of its target record, or -1
 * @param joined             the stamps of every whole measured response, in generator order: the {@link TracePart#STAMPS}
 *                           of its way, then the server's word that its write completed ({@link TracePart#HANDED})
 * @param joinedIds          their ids, in the same order
 * @param joinedRetried      whether each was sent again
 * @param measuredResponses  measured requests that got a response
 * @param unmatchedGenerator of those, with no target record
 * @param incomplete         of those, whose target record misses a stamp
 * @param unmatchedTarget    target records whose id no request of the run has, duplicates included
 * @param measuredRetried    measured requests sent again after their connection closed before a byte was written
 * @param measuredCensored   measured requests the generator gave up before their response
 * @param measuredTimedOut   measured requests their timeout ended
 */
public record JoinedTrace(List<LoopTrace> generator, TargetTrace target, int[] targetIndex, long[][] joined, long[] joinedIds,
                          boolean[] joinedRetried, long measuredResponses, long unmatchedGenerator, long incomplete,
                          long unmatchedTarget, long measuredRetried, long measuredCensored, long measuredTimedOut) {

    /** @return whole measured responses: the requests the breakdown rests on */
    public int joinedCount() {
        return joined.length;
    }

    /** @return a copy whose target stamps are all moved by {@code nanos}: another clock, for the check that must see it */
    public JoinedTrace withTargetShifted(long nanos) {
        return TraceJoin.join(generator, target.shifted(nanos));
    }
}
