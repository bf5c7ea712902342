package io.workbench.loadgen.run;

import java.util.Locale;

/**
 * What priming did before the clock started (against an in-process server, never the target).
 *
 * @param requests requests sent, both stages
 * @param answered requests that got a response, both stages
 * @param seconds  how long it took, both stages
 * @param stopped  why its closed stage stopped: {@code count}, {@code time} ({@link Priming#MAX_NANOS}),
 *                 {@code interrupted}, or {@code none} (it was not asked for)
 * @param openStage why its open stage stopped: {@code schedule} (it was through), {@code time}, {@code interrupted};
 *                 null when there was none (a closed run)
 * @param compilerWaitSeconds how long it then waited for the JIT compiler to be quiet
 * @param compilerQuiet       whether the compiler was quiet by then ({@link CompilerQuiet}); false if the wait ran out
 */
public record PrimingOutcome(long requests, long answered, double seconds, String stopped, String openStage,
                             double compilerWaitSeconds, boolean compilerQuiet) {

    PrimingOutcome(long requests, long answered, double seconds, String stopped) {
        this(requests, answered, seconds, stopped, null, 0, false);
    }

    static PrimingOutcome none() {
        return new PrimingOutcome(0, 0, 0, "none");
    }

    /** This closed stage followed by {@code open}, the open stage: counts and times added, each stage's reason kept. */
    PrimingOutcome withOpenStage(PrimingOutcome open) {
        return new PrimingOutcome(requests + open.requests, answered + open.answered, seconds + open.seconds, stopped, open.stopped,
                compilerWaitSeconds, compilerQuiet);
    }

    PrimingOutcome afterCompilerWait(double waitSeconds, boolean quiet) {
        return new PrimingOutcome(requests, answered, seconds, stopped, openStage, waitSeconds, quiet);
    }

    public String describe() {
        String open = openStage == null ? "" : ", then an open schedule (stopped: " + openStage + ")";
        String compiler = "none".equals(stopped) ? "" : String.format(Locale.ROOT, "; then %.3f s until the JIT compiler was %s",
                compilerWaitSeconds, compilerQuiet ? "quiet" : "still busy (gave up)");
        return String.format(Locale.ROOT, "%d request(s), %d answered, in %.3f s (stopped: %s%s)%s", requests, answered, seconds, stopped, open,
                compiler);
    }
}
