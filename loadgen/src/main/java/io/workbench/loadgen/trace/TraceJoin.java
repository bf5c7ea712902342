package io.workbench.loadgen.trace;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Joins the generator's records of a run with the target's, on the request id. */
public final class TraceJoin {

    private TraceJoin() {
    }

    /** @param generator every loop's records, in loop order */
    public static JoinedTrace join(List<LoopTrace> generator, TargetTrace target) {
        Map<Long, Integer> byId = new HashMap<>(Math.max(16, target.count() * 2));
        for (int i = 0; i < target.count(); i++) {
            // A duplicate id keeps the first record; the later ones are never used, so they count as unmatched below.
            byId.putIfAbsent(target.get(i, 0), i);
        }
        long total = 0;
        for (LoopTrace loop : generator) {
            total += loop.count();
        }
        int[] targetIndex = new int[Math.toIntExact(total)];
        BitSet used = new BitSet(target.count());
        List<long[]> joined = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        List<Boolean> retried = new ArrayList<>();
        long measuredResponses = 0;
        long unmatchedGenerator = 0;
        long incomplete = 0;
        long measuredRetried = 0;
        long measuredCensored = 0;
        long measuredTimedOut = 0;
        int at = 0;
        for (LoopTrace loop : generator) {
            for (long i = 0; i < loop.count(); i++, at++) {
                long id = loop.get(i, 0);
                long flags = loop.get(i, 5);
                Integer index = byId.get(id);
                targetIndex[at] = index == null ? -1 : index;
                if (index != null) {
                    used.set(index);
                }
                if (!LoopTrace.measured(flags)) {
                    continue;
                }
                LoopTrace.Outcome outcome = LoopTrace.outcome(flags);
                if (LoopTrace.retried(flags)) {
                    measuredRetried++;
                }
                if (outcome == LoopTrace.Outcome.CENSORED) {
                    measuredCensored++;
                } else if (outcome == LoopTrace.Outcome.TIMEOUT) {
                    measuredTimedOut++;
                }
                if (!outcome.responded()) {
                    continue;
                }
                measuredResponses++;
                if (index == null) {
                    unmatchedGenerator++;
                    continue;
                }
                long[] stamps = stamps(loop, i, target, index);
                if (!whole(stamps, target, index)) {
                    incomplete++;
                    continue;
                }
                joined.add(stamps);
                ids.add(id);
                retried.add(LoopTrace.retried(flags));
            }
        }
        long unmatchedTarget = target.count() - used.cardinality();
        long[] joinedIds = new long[ids.size()];
        boolean[] joinedRetried = new boolean[ids.size()];
        for (int i = 0; i < ids.size(); i++) {
            joinedIds[i] = ids.get(i);
            joinedRetried[i] = retried.get(i);
        }
        return new JoinedTrace(List.copyOf(generator), target, targetIndex, joined.toArray(long[][]::new), joinedIds, joinedRetried,
                measuredResponses, unmatchedGenerator, incomplete, unmatchedTarget, measuredRetried, measuredCensored, measuredTimedOut);
    }

    /**
     * A request's stamps from both sides: the {@link TracePart#STAMPS} of its way, in order, then the
     * server's word that its write completed ({@link TracePart#HANDED}), which is not on the way.
     */
    static long[] stamps(LoopTrace loop, long i, TargetTrace target, int index) {
        return new long[] {loop.get(i, 1), loop.get(i, 2), loop.get(i, 3), target.get(index, TargetTrace.FIRST_READ),
                target.get(index, TargetTrace.ENTERED), target.get(index, TargetTrace.ANSWERED), target.get(index, TargetTrace.WRITING),
                loop.get(i, 4), target.get(index, TargetTrace.HANDED)};
    }

    /** @return true if the target flagged nothing missing and every stamp is there: the request's parts are whole */
    static boolean whole(long[] stamps, TargetTrace target, int index) {
        if (target.get(index, TargetTrace.FLAGS) != 0) {
            return false;
        }
        for (long stamp : stamps) {
            if (stamp == 0) {
                return false;
            }
        }
        return true;
    }
}
