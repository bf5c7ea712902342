package io.workbench.loadgen.foreign;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A measured run that this process's own generator did not produce, described with what
 * {@code summary.json} holds. A latency kind the engine does not measure is null (Hyperfoil times a
 * request from its send, so it has no intended->end and no lateness): the files then leave it
 * out instead of passing another kind off as it.
 *
 * @param engine         who measured it: {@code hyperfoil}, {@code hyperfoil-controller}, {@code merged(loadgen x2)}...
 * @param label          a free label
 * @param command        what produced it
 * @param url            the target
 * @param model          {@code open}, {@code closed} or {@code all-at-once}
 * @param arrivals       {@code exponential}, {@code constant}, or null
 * @param targetRate     the open model's rate asked for, or null
 * @param achievedRate   measured requests per second sent, or null
 * @param startEpochMillis the measured phase's start
 * @param endEpochMillis   its end
 * @param sent           measured requests sent
 * @param written        measured requests whose bytes reached the socket, or null when not known
 * @param ok             measured requests with a 2xx response
 * @param timedOut       measured requests that timed out
 * @param errorsByKind   the others, by kind (keys as in summary.json, plus the engine's own)
 * @param cpuSeconds     the generators' CPU time over the whole run, or null when not known
 * @param wallSeconds    the span the CPU time was taken over, or null
 * @param measuredCpuSeconds  the generators' CPU time over the measured phase only, or null when not known
 * @param measuredWallSeconds the measured phase's wall time the CPU was taken over, or null
 * @param intendedToEnd  microseconds, or null
 * @param sendToEnd      microseconds, or null
 * @param lateness       the generators' lateness (intended -> tried to send), microseconds, or null
 * @param intervals      the interval histograms for latency.hlog, in time order (may be empty)
 * @param notes          what a reader must know to compare this run with the generator's own (one line each)
 * @param verdict        the run judged by the engine's own counters
 * @param counters       the engine's own counters under its own names (written as {@code counters}), may be empty
 */
public record ForeignRun(String engine, String label, String command, String url, String model, String arrivals,
                         Double targetRate, Double achievedRate, long startEpochMillis, long endEpochMillis,
                         long sent, Long written, long ok, long timedOut, Map<String, Long> errorsByKind,
                         Double cpuSeconds, Double wallSeconds, Double measuredCpuSeconds, Double measuredWallSeconds,
                         Histogram intendedToEnd, Histogram sendToEnd, Histogram lateness,
                         List<TaggedInterval> intervals, List<String> notes, ForeignVerdict verdict, Map<String, Object> counters) {

    public long errors() {
        return errorsByKind.values().stream().mapToLong(Long::longValue).sum();
    }

    /** {@code sent = ok + errors + timedOut}: the summary's own accounting. */
    public boolean countsAddUp() {
        return sent == ok + errors() + timedOut;
    }

    public double durationSeconds() {
        return Math.max(0, endEpochMillis - startEpochMillis) / 1000.0;
    }
}
