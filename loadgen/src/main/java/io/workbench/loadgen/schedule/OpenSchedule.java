package io.workbench.loadgen.schedule;

import java.util.SplittableRandom;

/**
 * An open schedule: arrivals at {@code rate} per second (after an optional linear ramp), with
 * exponential or constant gaps, through a warm-up phase and then a measured phase that is either a
 * count of arrivals or a length of time.
 *
 * <p>Replayable: the gaps come from a {@link SplittableRandom} seeded with the run's seed and
 * {@link StrictMath#log} (whose results are the same on every JVM and platform), and times are
 * kept in double seconds and rounded to whole nanoseconds only when handed out, so that no
 * rounding accumulates and none is coarser than a nanosecond.
 */
public final class OpenSchedule implements ArrivalSchedule {

    private final RateCurve curve;
    private final Arrivals arrivals;
    private final SplittableRandom random;
    private final double warmupSeconds;
    private final long measuredCount;
    private final double endSeconds;
    /** Operational time of the last arrival handed out. */
    private double units;
    private long index;
    private long measuredHandedOut;
    private boolean over;

    /**
     * @param rate          arrivals per second after the ramp
     * @param arrivals      exponential or constant gaps
     * @param rampNanos     the ramp's length (0 for none); it starts with the warm-up
     * @param warmupNanos   the warm-up phase's length (0 for none)
     * @param measuredCount arrivals in the measured phase, or 0 if it is timed
     * @param durationNanos the measured phase's length, or 0 if it is counted
     * @param seed          the seed of the gaps (constant gaps do not use it)
     */
    public OpenSchedule(double rate, Arrivals arrivals, long rampNanos, long warmupNanos, long measuredCount, long durationNanos, long seed) {
        if ((measuredCount > 0) == (durationNanos > 0)) {
            throw new IllegalArgumentException("a count or a duration, one of the two: " + measuredCount + ", " + durationNanos);
        }
        this.curve = new RateCurve(rate, rampNanos / 1e9);
        this.arrivals = arrivals;
        this.random = new SplittableRandom(seed);
        this.warmupSeconds = warmupNanos / 1e9;
        this.measuredCount = measuredCount;
        this.endSeconds = durationNanos > 0 ? warmupSeconds + durationNanos / 1e9 : Double.POSITIVE_INFINITY;
    }

    @Override
    public long next() {
        if (over) {
            return END;
        }
        units = switch (arrivals) {
            // The first constant arrival is at 0; the first exponential one a gap after 0.
            case CONSTANT -> index;
            case EXPONENTIAL -> units + exponential();
        };
        index++;
        double seconds = curve.secondsAt(units);
        if (seconds >= endSeconds) {
            over = true;
            return END;
        }
        if (seconds >= warmupSeconds) {
            if (measuredCount > 0 && measuredHandedOut == measuredCount) {
                over = true;
                return END;
            }
            measuredHandedOut++;
        }
        return Math.round(seconds * 1e9);
    }

    /** An exponential gap of mean 1, by inversion; {@code 1 - u} is in (0, 1], so the log is finite. */
    private double exponential() {
        return -StrictMath.log(1.0 - random.nextDouble());
    }

    @Override
    public String toString() {
        return "OpenSchedule[" + arrivals.label() + ",index=" + index + ",measured=" + measuredHandedOut + (over ? ",over" : "") + "]";
    }
}
