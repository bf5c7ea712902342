package io.workbench.loadgen.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Where a run's time went, from its joined trace: each part's median and p99 (and mean, min, max,
 * and how many requests have it below zero) over the whole measured responses, the same for
 * intended->end, the worst requests part by part, whether the two sides' stamps are on one clock,
 * and how many requests the figures rest on and why the others are not in them. What the report's
 * stacked breakdown (a bar per target and scenario, a segment per part) and its timeline of the
 * worst requests are drawn from.
 *
 * <p>Each request's parts add up to its intended->end exactly (each lies between two consecutive
 * stamps); their medians do not add up to the median of the sum, so {@link #sumOfPartMediansMs()} is
 * given beside {@code intendedToEnd.p50Ms} for a stacked bar to say how far apart they are.
 *
 * @param cell               the target's cell, as it names itself
 * @param firstRead          where the target stamps a request's first read, in its words
 * @param measuredResponses  measured requests that got a response
 * @param joined             of those, joined whole: the figures rest on these
 * @param unmatchedGenerator measured responses the target has no record of
 * @param incomplete         measured responses whose target record misses a stamp
 * @param unmatchedTarget    target records no request of the run has
 * @param droppedByTarget    records the target could not keep (a full ring, its held limit)
 * @param retried            measured requests sent again (they keep their id and first try)
 * @param censored           measured requests given up before their response (not in the parts)
 * @param timedOut           measured requests their timeout ended (not in the parts)
 * @param intendedToEnd      the joined requests' intended->end
 * @param parts              each part's figures, in the order of the request's way
 * @param serverWriteAsItSaw the server's own account of its write: from the last write issued to its word that it completed
 * @param sumOfPartMediansMs the parts' medians added up
 * @param negativeRequests   joined requests with at least one part below zero
 * @param worst              the joined requests with the longest intended->end, longest first, part by part
 * @param clock              whether the stamps are on one clock
 */
public record TraceBreakdown(String cell, String firstRead, long measuredResponses, int joined, long unmatchedGenerator,
                             long incomplete, long unmatchedTarget, long droppedByTarget, long retried, long censored, long timedOut,
                             Figures intendedToEnd, Map<TracePart, Figures> parts, Figures serverWriteAsItSaw, double sumOfPartMediansMs,
                             long negativeRequests,
                             List<Request> worst, ClockCheck clock) {

    /** How many of the worst requests the breakdown keeps. */
    public static final int WORST = 10;

    /** A part's figures over the joined requests, in milliseconds; {@code negative}: requests with it below zero. */
    public record Figures(double p50Ms, double p99Ms, double meanMs, double minMs, double maxMs, long negative) {

        static Figures of(long[] nanos) {
            Percentiles p = Percentiles.of(nanos);
            return new Figures(p.at(50) / 1e6, p.at(99) / 1e6, p.mean() / 1e6, p.min() / 1e6, p.max() / 1e6, p.negative());
        }
    }

    /** One request part by part, in milliseconds, its parts in the order of its way (a timeline from its intended time). */
    public record Request(long id, boolean retried, double intendedToEndMs, Map<TracePart, Double> partsMs) {
    }

    public static TraceBreakdown of(JoinedTrace trace) {
        long[][] joined = trace.joined();
        int n = joined.length;
        Map<TracePart, Figures> parts = new EnumMap<>(TracePart.class);
        double sumOfMedians = 0;
        long negativeRequests = 0;
        for (long[] stamps : joined) {
            for (TracePart part : TracePart.values()) {
                if (part.of(stamps) < 0) {
                    negativeRequests++;
                    break;
                }
            }
        }
        for (TracePart part : TracePart.values()) {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = part.of(joined[i]);
            }
            Figures figures = Figures.of(values);
            parts.put(part, figures);
            sumOfMedians += figures.p50Ms();
        }
        long[] total = new long[n];
        long[] writeAsItSaw = new long[n];
        for (int i = 0; i < n; i++) {
            total[i] = joined[i][TracePart.STAMPS - 1] - joined[i][0];
            writeAsItSaw[i] = TracePart.serverWriteAsItSaw(joined[i]);
        }
        return new TraceBreakdown(trace.target().cell(), trace.target().firstRead(), trace.measuredResponses(), n,
                trace.unmatchedGenerator(), trace.incomplete(), trace.unmatchedTarget(), trace.target().dropped(), trace.measuredRetried(),
                trace.measuredCensored(), trace.measuredTimedOut(), Figures.of(total), Collections.unmodifiableMap(parts),
                Figures.of(writeAsItSaw), sumOfMedians,
                negativeRequests, worst(trace, total), ClockCheck.judge(joined));
    }

    private static List<Request> worst(JoinedTrace trace, long[] total) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < total.length; i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer>comparingLong(i -> total[i]).reversed().thenComparingLong(i -> trace.joinedIds()[i]));
        List<Request> worst = new ArrayList<>();
        for (int i : order.subList(0, Math.min(WORST, order.size()))) {
            Map<TracePart, Double> partsMs = new EnumMap<>(TracePart.class);
            for (TracePart part : TracePart.values()) {
                partsMs.put(part, part.of(trace.joined()[i]) / 1e6);
            }
            worst.add(new Request(trace.joinedIds()[i], trace.joinedRetried()[i], total[i] / 1e6, Collections.unmodifiableMap(partsMs)));
        }
        return List.copyOf(worst);
    }
}
