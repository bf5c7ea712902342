package io.workbench.mainjob.findings;

import io.workbench.mainjob.report.results.Repetition;
import java.util.Optional;

/** The concurrency-level figure of one run: how many requests the target had in flight at once. */
public final class InFlight {

    private InFlight() {
    }

    /**
     * The larger of the peak polled from the target's {@code /stats} while the requests were held
     * and the target's own {@code maxInFlight} after the run, where that maximum rose during it (a
     * maximum already reached before it belongs to an earlier run). Polling every 200 ms can miss
     * the top; a sync target whose pool is exhausted can answer a poll late; the target's own
     * counter sees every request.
     */
    public static long peak(Repetition repetition) {
        long polled = repetition.peakInFlight() == null ? 0 : repetition.peakInFlight();
        return Math.max(polled, counted(repetition).orElse(0L));
    }

    /** The target's {@code maxInFlight} after the run, when it rose during it (or nothing says otherwise). */
    public static Optional<Long> counted(Repetition repetition) {
        if (repetition.statsAfter() == null) {
            return Optional.empty();
        }
        long after = repetition.statsAfter().maxInFlight();
        if (repetition.statsBefore() != null && after <= repetition.statsBefore().maxInFlight()) {
            return Optional.empty();
        }
        return Optional.of(after);
    }
}
