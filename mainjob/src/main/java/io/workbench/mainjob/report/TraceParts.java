package io.workbench.mainjob.report;

import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a scenario's time went, from its traced runs ({@code workbench run --trace}): per target,
 * each part of a request's way at the median and at p99 (the median over its valid traced rounds of
 * each round's figure), how far the parts' medians added up are from the median intended->end, and
 * the worst request of all its rounds part by part. What the report's stacked bars and its timeline
 * of the worst request are drawn from. A round counts when it is valid, its trace was joined and
 * its stamps were on one clock; the others are named by what they lack.
 */
public record TraceParts(String target, int tracedRounds, int rounds, Map<String, Double> p50Ms, Map<String, Double> p99Ms,
                         double intendedToEndP50Ms, double sumOfPartMediansMs, long joined, long measuredResponses, Worst worst,
                         String lacking) {

    /** The parts in the order of a request's way, as summary.json keys them, with the words the report heads them with. */
    public static final Map<String, String> PARTS = parts();

    /** The worst request of a target's traced rounds: the round it was in and its parts, in milliseconds. */
    public record Worst(int round, long id, double intendedToEndMs, Map<String, Double> partsMs) {
    }

    private static Map<String, String> parts() {
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("lateness", "lateness");
        parts.put("connectionWait", "connection wait");
        parts.put("tripToServer", "trip to the server");
        parts.put("serverQueue", "server queue");
        parts.put("handler", "handler");
        parts.put("responseMade", "response made");
        parts.put("writeAndTripBack", "write and trip back");
        return java.util.Collections.unmodifiableMap(parts);
    }

    /** @return one per target that ran the scenario, in the run's order; empty if no run of it was traced */
    public static List<TraceParts> of(RunResults results, String scenario) {
        List<TraceParts> all = new ArrayList<>();
        boolean anyTraced = false;
        for (TargetRun target : results.targets()) {
            ScenarioRun run = target.scenario(scenario);
            if (run == null) {
                continue;
            }
            List<LoadSummary.Trace> traces = new ArrayList<>();
            List<Integer> roundsOf = new ArrayList<>();
            List<String> lacking = new ArrayList<>();
            List<Repetition> measured = run.measured();
            for (Repetition repetition : measured) {
                LoadSummary summary = repetition.summary();
                LoadSummary.Trace trace = summary == null ? null : summary.trace();
                if (trace == null) {
                    continue;
                }
                anyTraced = true;
                if (trace.failure() != null) {
                    lacking.add("round " + repetition.index() + ": " + trace.failure());
                } else if (!repetition.valid() || !repetition.warm()) {
                    // The same runs as the findings rest on: valid by the generator's verdict, and taken warm.
                    lacking.add("round " + repetition.index() + ": " + (repetition.valid() ? "not warm" : "not valid"));
                } else if (trace.clock() == null || !Boolean.TRUE.equals(trace.clock().shared())) {
                    lacking.add("round " + repetition.index() + ": " + (trace.clock() == null ? "no clock check" : trace.clock().reason()));
                } else if (trace.joined() == null || trace.joined() == 0) {
                    lacking.add("round " + repetition.index() + ": no request joined");
                } else {
                    traces.add(trace);
                    roundsOf.add(repetition.index());
                }
            }
            all.add(of(target.id(), traces, roundsOf, measured.size(), String.join("; ", lacking)));
        }
        return anyTraced ? all : List.of();
    }

    static TraceParts of(String target, List<LoadSummary.Trace> traces, List<Integer> roundsOf, int rounds, String lacking) {
        Map<String, Double> p50 = new LinkedHashMap<>();
        Map<String, Double> p99 = new LinkedHashMap<>();
        if (traces.isEmpty()) {
            return new TraceParts(target, 0, rounds, p50, p99, Double.NaN, Double.NaN, 0, 0, null, lacking);
        }
        for (String part : PARTS.keySet()) {
            p50.put(part, median(traces.stream().mapToDouble(t -> t.parts().get(part).p50Ms()).toArray()));
            p99.put(part, median(traces.stream().mapToDouble(t -> t.parts().get(part).p99Ms()).toArray()));
        }
        double end = median(traces.stream().mapToDouble(t -> t.intendedToEnd().p50Ms()).toArray());
        double sum = p50.values().stream().mapToDouble(Double::doubleValue).sum();
        long joined = traces.stream().mapToLong(LoadSummary.Trace::joined).sum();
        long measured = traces.stream().mapToLong(LoadSummary.Trace::measuredResponses).sum();
        Worst worst = null;
        for (int i = 0; i < traces.size(); i++) {
            List<LoadSummary.TracedRequest> list = traces.get(i).worst();
            if (list != null && !list.isEmpty() && (worst == null || list.get(0).intendedToEndMs() > worst.intendedToEndMs())) {
                LoadSummary.TracedRequest request = list.get(0);
                worst = new Worst(roundsOf.get(i), request.id(), request.intendedToEndMs(), request.partsMs());
            }
        }
        return new TraceParts(target, traces.size(), rounds, p50, p99, end, sum, joined, measured, worst, lacking);
    }

    /** @return the parts' medians added up against the median intended->end: 0.01 is 1% apart */
    public double gap() {
        return intendedToEndP50Ms > 0 ? Math.abs(sumOfPartMediansMs - intendedToEndP50Ms) / intendedToEndP50Ms : Double.NaN;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The table's header: the target, each part at the median, intended->end, the gap, the requests. */
    public static List<String> header() {
        List<String> header = new ArrayList<>();
        header.add("target");
        PARTS.values().forEach(words -> header.add(words + " p50 (p99) ms"));
        header.add("intended->end p50 ms");
        header.add("parts' medians added up");
        header.add("joined / responses (rounds)");
        return header;
    }

    public static List<List<String>> rows(List<TraceParts> all) {
        List<List<String>> rows = new ArrayList<>();
        for (TraceParts parts : all) {
            List<String> row = new ArrayList<>();
            row.add(parts.target());
            if (parts.tracedRounds() == 0) {
                row.add("no traced round to show" + (parts.lacking().isEmpty() ? "" : ": " + parts.lacking()));
                while (row.size() < header().size()) {
                    row.add(StudyTable.NONE);
                }
                rows.add(row);
                continue;
            }
            for (String part : PARTS.keySet()) {
                row.add(Figures.ms(parts.p50Ms().get(part)) + " (" + Figures.ms(parts.p99Ms().get(part)) + ")");
            }
            row.add(Figures.ms(parts.intendedToEndP50Ms()));
            row.add(Figures.ms(parts.sumOfPartMediansMs()) + " (" + Figures.percent(parts.gap()) + " apart)");
            row.add(Figures.count(parts.joined()) + " / " + Figures.count(parts.measuredResponses()) + " (" + parts.tracedRounds() + " of "
                    + parts.rounds() + ")");
            rows.add(row);
        }
        return rows;
    }

    /** The worst request of each target, part by part: a timeline from its intended time. */
    public static List<String> worstHeader() {
        List<String> header = new ArrayList<>();
        header.add("target (round, request id)");
        header.add("intended->end ms");
        PARTS.values().forEach(words -> header.add(words + " ms"));
        return header;
    }

    public static List<List<String>> worstRows(List<TraceParts> all) {
        List<List<String>> rows = new ArrayList<>();
        for (TraceParts parts : all) {
            if (parts.worst() == null) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(parts.target() + " (round " + parts.worst().round() + ", id " + parts.worst().id() + ")");
            row.add(Figures.ms(parts.worst().intendedToEndMs()));
            for (String part : PARTS.keySet()) {
                Double ms = parts.worst().partsMs().get(part);
                row.add(ms == null ? StudyTable.NONE : Figures.ms(ms));
            }
            rows.add(row);
        }
        return rows;
    }
}
