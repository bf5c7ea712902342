package io.workbench.hyperfoil.engine;

import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.http.statistics.HttpStats;
import io.workbench.loadgen.foreign.ForeignRun;
import io.workbench.loadgen.foreign.ForeignVerdict;
import io.workbench.loadgen.foreign.HyperfoilCounters;
import io.workbench.loadgen.foreign.HyperfoilVerdict;
import io.workbench.loadgen.foreign.TaggedInterval;
import io.workbench.loadgen.record.IntervalLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 *
 * <p>The counts are Hyperfoil's own ({@link HyperfoilCounters}) and the run is judged by them
 * ({@link HyperfoilVerdict}): the accounting check, blocked time, the measured phase's
 * {@code sessionLimitExceeded} and the rate; Hyperfoil keeps no intended start times, so its lag is
 * never known and the run never valid.
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
        HyperfoilCounters counters = HyperfoilCounters.NONE;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        for (StatisticsSnapshot snapshot : intervals) {
            Histogram micros = toMicros(snapshot.histogram);
            micros.setStartTimeStamp(snapshot.histogram.getStartTimeStamp());
            micros.setEndTimeStamp(snapshot.histogram.getEndTimeStamp());
            tagged.add(new TaggedInterval(IntervalLog.SEND_TO_END, micros));
            total.add(micros);
            counters = counters.plus(counters(snapshot));
            if (snapshot.histogram.getTotalCount() > 0) {
                start = Math.min(start, snapshot.histogram.getStartTimeStamp());
                end = Math.max(end, snapshot.histogram.getEndTimeStamp());
            }
        }
        if (start > end) {
            start = outcome.startEpochMillis();
            end = outcome.endEpochMillis();
        }
        double achieved = measuredMillis > 0 ? counters.requestCount() * 1000.0 / measuredMillis : 0;
        ForeignVerdict verdict = HyperfoilVerdict.judge(counters, rate, achieved, minRateFraction, outcome.sessionLimitExceeded(), false);
        Map<String, Object> counted = new LinkedHashMap<>(counters.asMap());
        counted.put("sessionLimitExceeded", outcome.sessionLimitExceeded());
        List<String> notes = List.of(
                "Hyperfoil " + io.hyperfoil.api.Version.VERSION + " in process (LocalSimulationRunner), one constantRate phase",
                "one latency, kept as send->end: Hyperfoil stamps a request when its session prepares it, before it takes a "
                        + "connection from the pool, so it includes waiting for a connection but not Hyperfoil's own lateness in "
                        + "starting the session; its coordinated-omission compensation exists only for closed ('always') phases and was off",
                "achievedRate: the measured phase's requests written over its duration (" + measuredMillis + " ms)",
                "counts as Hyperfoil counted them (counters): sent is its requestCount; a time-out is also one of its connection errors",
                "generator CPU: cpuSeconds is this process over the whole run, warm-up and Hyperfoil's start included; "
                        + "measuredCpuSeconds over the measured phase, from its start to its termination");
        return new ForeignRun("hyperfoil", label, command, url, "open", arrivals, rate, achieved, start, end,
                counters.requestCount(), counters.requestCount(), counters.ok(), counters.requestTimeouts(), counters.errorsByKind(),
                outcome.cpuSeconds(), outcome.wallSeconds(), outcome.measuredCpuSeconds(), outcome.measuredWallSeconds(),
                null, total, null, tagged, notes, verdict, counted);
    }

    /** One interval's counters under Hyperfoil's names. */
    static HyperfoilCounters counters(StatisticsSnapshot snapshot) {
        HttpStats http = HttpStats.get(snapshot);
        HyperfoilCounters.Statuses statuses = http == null ? null
                : new HyperfoilCounters.Statuses(http.status_2xx, http.status_3xx, http.status_4xx, http.status_5xx, http.status_other);
        return new HyperfoilCounters(snapshot.requestCount, snapshot.responseCount, snapshot.invalid, snapshot.connectionErrors,
                snapshot.requestTimeouts, snapshot.internalErrors, snapshot.blockedTime, statuses);
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
