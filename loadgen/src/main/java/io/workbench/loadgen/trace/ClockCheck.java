package io.workbench.loadgen.trace;

import java.util.Locale;

/**
 * Whether the generator's and the target's stamps are on one clock, judged from the two parts that
 * cross from one process to the other: a request's trip to the server (the generator's send to the
 * target's first read) and its write and trip back (the target's last write issued to the
 * generator's end). Each starts with a stamp read before the write that the other side's stamp
 * follows, so on one clock neither is ever below zero. Two clocks, or one side's stamps shifted,
 * move every request's trips by the offset, one up and one down, so that once the offset is longer
 * than a trip, most of one of them is negative.
 *
 * <p>The stamps are on one clock when the median of each trip is positive and at most
 * {@value #MAX_NEGATIVE_SHARE_PERCENT}% of the requests have a trip below zero; otherwise they are
 * not, and the reason names the trip and the figures. An offset shorter than the trips themselves
 * (tens of microseconds on loopback) cannot be told from a trip.
 *
 * @param shared true on one clock, false if not, null if there was nothing to judge
 * @param reason the rule as applied, with its figures
 */
public record ClockCheck(Boolean shared, String reason) {

    public static final double MAX_NEGATIVE_SHARE_PERCENT = 1.0;

    /** @param joined the whole requests' stamps */
    public static ClockCheck judge(long[][] joined) {
        int n = joined.length;
        if (n == 0) {
            return new ClockCheck(null, "no request was joined: nothing to judge the clocks by");
        }
        long[] toServer = new long[n];
        long[] back = new long[n];
        long negative = 0;
        for (int i = 0; i < n; i++) {
            toServer[i] = TracePart.TRIP_TO_SERVER.of(joined[i]);
            back[i] = TracePart.WRITE_AND_TRIP_BACK.of(joined[i]);
            if (toServer[i] < 0 || back[i] < 0) {
                negative++;
            }
        }
        long toServerMedian = Percentiles.of(toServer).at(50);
        long backMedian = Percentiles.of(back).at(50);
        double share = 100.0 * negative / n;
        String figures = String.format(Locale.ROOT, "trip to the server median %.3f ms, trip back median %.3f ms; %d of %d requests (%.2f%%) "
                + "with a trip below zero, at most %.0f%% allowed", toServerMedian / 1e6, backMedian / 1e6, negative, n, share,
                MAX_NEGATIVE_SHARE_PERCENT);
        if (toServerMedian < 0 || backMedian < 0) {
            return new ClockCheck(false, "not one clock: the median " + (toServerMedian < 0 ? "trip to the server" : "trip back")
                    + " is below zero, as when the target's stamps are " + (toServerMedian < 0 ? "earlier" : "later")
                    + " than the generator's by more than a trip (" + figures + ")");
        }
        if (share > MAX_NEGATIVE_SHARE_PERCENT) {
            return new ClockCheck(false, "not one clock: too many requests have a trip below zero (" + figures + ")");
        }
        return new ClockCheck(true, "one clock: " + figures);
    }
}
