package io.workbench.loadgen.run;

import java.util.Locale;

/**
 * What priming did before the clock started (against an in-process server, never the target).
 *
 * @param requests requests sent
 * @param answered requests that got a response
 * @param seconds  how long it took
 * @param stopped  why it stopped: {@code count}, {@code time} ({@link Priming#MAX_NANOS}), {@code interrupted}, or
 *                 {@code none} (it was not asked for)
 * @param compilerWaitSeconds how long it then waited for the JIT compiler to be quiet
 * @param compilerQuiet       whether the compiler was quiet by then ({@link CompilerQuiet}); false if the wait ran out
 */
public record PrimingOutcome(long requests, long answered, double seconds, String stopped, double compilerWaitSeconds,
                             boolean compilerQuiet) {

    PrimingOutcome(long requests, long answered, double seconds, String stopped) {
        this(requests, answered, seconds, stopped, 0, false);
    }

    static PrimingOutcome none() {
        return new PrimingOutcome(0, 0, 0, "none");
    }

    PrimingOutcome afterCompilerWait(double waitSeconds, boolean quiet) {
        return new PrimingOutcome(requests, answered, seconds, stopped, waitSeconds, quiet);
    }

    public String describe() {
        String compiler = "none".equals(stopped) ? "" : String.format(Locale.ROOT, "; then %.3f s until the JIT compiler was %s",
                compilerWaitSeconds, compilerQuiet ? "quiet" : "still busy (gave up)");
        return String.format(Locale.ROOT, "%d request(s), %d answered, in %.3f s (stopped: %s)%s", requests, answered, seconds, stopped, compiler);
    }
}
