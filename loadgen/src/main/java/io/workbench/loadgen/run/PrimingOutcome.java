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
 */
public record PrimingOutcome(long requests, long answered, double seconds, String stopped) {

    static PrimingOutcome none() {
        return new PrimingOutcome(0, 0, 0, "none");
    }

    public String describe() {
        return String.format(Locale.ROOT, "%d request(s), %d answered, in %.3f s (stopped: %s)", requests, answered, seconds, stopped);
    }
}
