package io.workbench.loadgen.trace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.loop.GeneratorLoop;
import io.workbench.loadgen.plan.TargetUrl;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A traced run's two steps around the run itself: before it, the target's records are fetched and
 * dropped (what an earlier client left, so that ids cannot meet ids of another run) and the target
 * is found to trace at all; after it, the target's records are fetched, joined with the loops', and
 * written with the breakdown. What a run with {@code --trace} adds, written once for the load command
 * and for whatever else runs the generator (the main job).
 */
public final class RunTrace {

    private RunTrace() {
    }

    /** The outcome of a traced run: its breakdown (null if the target's trace could not be had) and its summary member. */
    public record Outcome(TraceBreakdown breakdown, ObjectNode summary, String failure) {
    }

    /**
     * Before the run: drops the target's records so far.
     *
     * @throws TraceFetch.TraceUnavailable if the target does not trace, or cannot be reached
     */
    public static void prepare(TargetUrl url) throws TraceFetch.TraceUnavailable, InterruptedException {
        TraceFetch.fetch(url);
    }

    /**
     * After the run (its loops stopped): fetches the target's records, joins them with the loops',
     * writes the trace files into {@code dir} and returns the breakdown and the summary's {@code trace}
     * member. If the target's records cannot be had, the generator's are written all the same and the
     * member says why.
     */
    public static Outcome collect(Path dir, TargetUrl url, List<GeneratorLoop> loops) throws IOException, InterruptedException {
        List<LoopTrace> generator = new ArrayList<>();
        for (GeneratorLoop loop : loops) {
            if (loop.trace() != null) {
                generator.add(loop.trace());
            }
        }
        TargetTrace target;
        try {
            target = TraceFetch.fetch(url);
        } catch (TraceFetch.TraceUnavailable unavailable) {
            TraceFiles.write(dir, generator, null);
            return new Outcome(null, TraceFiles.failure(unavailable.getMessage()), unavailable.getMessage());
        }
        JoinedTrace joined = TraceJoin.join(generator, target);
        TraceFiles.write(dir, generator, joined);
        TraceBreakdown breakdown = TraceBreakdown.of(joined);
        return new Outcome(breakdown, TraceFiles.summary(breakdown), null);
    }
}
