package io.workbench.hyperfoil.engine;

import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.http.statistics.HttpStats;
import io.workbench.loadgen.foreign.ForeignRun;
import io.workbench.loadgen.foreign.TaggedInterval;
import io.workbench.loadgen.record.IntervalLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Hyperfoil's statistics of a run as a {@link ForeignRun}: the measured phases' intervals added up,
 * response times converted from Hyperfoil's nanoseconds to the load command's microseconds (each
 * recorded value divided, counts kept), every interval kept for {@code latency.hlog}. Hyperfoil
 * keeps one response time per request, stamped when the session prepares the request (before a
 * connection is taken from the pool: Hyperfoil 0.25's {@code PrepareHttpRequestStep}), so it holds
 * the wait for a connection but not the session's late start. It is kept as send->end, the
 * nearest of the three, with a note that says what it is; intended->end and intended->send, which
 * Hyperfoil does not measure, stay null.
 */
final class HyperfoilRun {

    /** The load command's histograms: microseconds, 3 significant digits, up to an hour. */
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private HyperfoilRun() {
    }

    /**
     * @param rate           the arrival rate asked for
     * @param measuredMillis how long the measured phase started sessions (its duration)
     */
    static ForeignRun of(InProcessHyperfoil.Outcome outcome, String label, String command, String url, String arrivals,
                         double rate, long measuredMillis, double minRateFraction) {
        List<StatisticsSnapshot> intervals = outcome.snapshots().measuredIntervals();
        Histogram total = new Histogram(HIGHEST_MICROS, 3);
        List<TaggedInterval> tagged = new ArrayList<>();
        long requests = 0, responses = 0, invalid = 0, connectionErrors = 0, timeouts = 0, internalErrors = 0, status2xx = 0;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        for (StatisticsSnapshot snapshot : intervals) {
            Histogram micros = toMicros(snapshot.histogram);
            micros.setStartTimeStamp(snapshot.histogram.getStartTimeStamp());
            micros.setEndTimeStamp(snapshot.histogram.getEndTimeStamp());
            tagged.add(new TaggedInterval(IntervalLog.SEND_TO_END, micros));
            total.add(micros);
            requests += snapshot.requestCount;
            responses += snapshot.responseCount;
            invalid += snapshot.invalid;
            connectionErrors += snapshot.connectionErrors;
            timeouts += snapshot.requestTimeouts;
            internalErrors += snapshot.internalErrors;
            status2xx += HttpStats.get(snapshot).status_2xx;
            if (snapshot.histogram.getTotalCount() > 0) {
                start = Math.min(start, snapshot.histogram.getStartTimeStamp());
                end = Math.max(end, snapshot.histogram.getEndTimeStamp());
            }
        }
        if (start > end) {
            start = outcome.startEpochMillis();
            end = outcome.endEpochMillis();
        }
        Map<String, Long> errors = new TreeMap<>();
        errors.put("non_2xx", Math.max(0, responses - status2xx));
        errors.put("connect_failed", connectionErrors);
        errors.put("hyperfoil_internal", internalErrors);
        errors.put("no_response", Math.max(0, requests - responses - connectionErrors - timeouts - internalErrors));
        long sent = status2xx + errors.values().stream().mapToLong(Long::longValue).sum() + timeouts;
        double achieved = measuredMillis > 0 ? requests * 1000.0 / measuredMillis : 0;

        List<String> invalidReasons = new ArrayList<>();
        if (achieved < minRateFraction * rate) {
            invalidReasons.add(String.format(java.util.Locale.ROOT, "achieved %.1f req/s, below %.0f%% of %.1f",
                    achieved, 100 * minRateFraction, rate));
        }
        if (responses == 0) {
            invalidReasons.add("no measured request got a response");
        }
        List<String> notes = List.of(
                "Hyperfoil " + io.hyperfoil.api.Version.VERSION + " in process (LocalSimulationRunner), one constantRate phase",
                "one latency, kept as send->end: Hyperfoil stamps a request when its session prepares it, before it takes a "
                        + "connection from the pool, so it includes waiting for a connection but not Hyperfoil's own lateness in "
                        + "starting the session; its coordinated-omission compensation exists only for closed ('always') phases and was off",
                "achievedRate: the measured phase's requests over its duration (" + measuredMillis + " ms)",
                "generator CPU: this process over the whole run, warm-up and Hyperfoil's start included",
                "invalid responses counted by Hyperfoil: " + invalid);
        return new ForeignRun("hyperfoil", label, command, url, "open", arrivals, rate, achieved, start, end,
                sent, status2xx, timeouts, errors, outcome.cpuSeconds(), outcome.wallSeconds(),
                null, total, null, tagged, notes, invalidReasons);
    }

    /** Nanoseconds to microseconds, rounded, never below 1 (the load command's histograms start at 1 µs). */
    static Histogram toMicros(Histogram nanos) {
        Histogram micros = new Histogram(HIGHEST_MICROS, 3);
        for (HistogramIterationValue value : nanos.recordedValues()) {
            long us = Math.max(1, Math.min(HIGHEST_MICROS, Math.round(value.getValueIteratedTo() / 1000.0)));
            micros.recordValueWithCount(us, value.getCountAtValueIteratedTo());
        }
        return micros;
    }
}
