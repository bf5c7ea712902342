package io.workbench.loadgen.schedule;

/**
 * The rate over time of an open schedule: a linear ramp from 0 to {@code rate} over
 * {@code rampSeconds}, then {@code rate}. A schedule is drawn in "operational time", where
 * arrivals come at rate 1 (unit gaps, or exponential gaps of mean 1), and mapped to real time
 * through the inverse of the cumulative rate: {@code Λ(t) = rate t² / 2D} during the ramp,
 * {@code rate D / 2 + rate (t - D)} after it. That makes a ramped Poisson process exact (not
 * thinned, not stepped), and a ramped constant schedule one whose gaps shrink smoothly.
 */
final class RateCurve {

    private final double rate;
    private final double rampSeconds;
    /** Λ at the end of the ramp: operational time the ramp takes. */
    private final double rampUnits;

    RateCurve(double rate, double rampSeconds) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be positive, was " + rate);
        }
        if (rampSeconds < 0) {
            throw new IllegalArgumentException("ramp must not be negative, was " + rampSeconds);
        }
        this.rate = rate;
        this.rampSeconds = rampSeconds;
        this.rampUnits = rate * rampSeconds / 2;
    }

    /** @return the real time (seconds) at which operational time {@code units} is reached */
    double secondsAt(double units) {
        if (units < rampUnits) {
            return Math.sqrt(2 * rampSeconds * units / rate);
        }
        return rampSeconds + (units - rampUnits) / rate;
    }

    /** @return the operational time reached at real time {@code seconds}: Λ(seconds) */
    double unitsAt(double seconds) {
        if (seconds < rampSeconds) {
            return rate * seconds * seconds / (2 * rampSeconds);
        }
        return rampUnits + rate * (seconds - rampSeconds);
    }
}
