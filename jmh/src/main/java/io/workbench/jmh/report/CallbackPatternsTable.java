package io.workbench.jmh.report;

import io.workbench.jmh.callback.ComparedPattern;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The CallbackPatternsBenchmark part of a report: its {@code task} and {@code deepestStack}
 * results joined per (pattern, operations, synchronous share), then the targets set for the
 * callback core, each with what was measured and a verdict.
 */
final class CallbackPatternsTable {

    static final String GC_NORM = "gc.alloc.rate.norm";
    private static final String BENCHMARK = "CallbackPatternsBenchmark";
    private static final String TASK = "task";
    private static final String DEPTH = "deepestStack";
    private static final String DEPTH_COUNTER = "maxWritesOnStack";
    private static final String OURS = ComparedPattern.ITERATING_CALLBACK.name();
    private static final String JETTY = ComparedPattern.JETTY_ITERATING_CALLBACK.name();
    private static final String NAIVE = ComparedPattern.NAIVE_RECURSION.name();
    private static final String DISPATCH = ComparedPattern.ALWAYS_DISPATCH.name();
    /** Ours must beat Jetty's by this much on the all-synchronous 1024-write task. */
    private static final double TARGET_RATIO = 1.3;
    /**
     * The smallest Java object: a pattern that allocated once per task would show at least this
     * much per task. Below it, what {@code gc.alloc.rate.norm} shows is JMH's own allocation (a few
     * KB per iteration, whatever the benchmark does) spread over the iteration's tasks.
     */
    private static final double ONE_OBJECT_BYTES = 16;

    /** Patterns in the order of {@link ComparedPattern}; names it does not know after them, alphabetically. */
    private static final Comparator<String> PATTERN_ORDER = Comparator
            .comparingInt((String name) -> {
                for (ComparedPattern pattern : ComparedPattern.values()) {
                    if (pattern.name().equals(name)) {
                        return pattern.ordinal();
                    }
                }
                return Integer.MAX_VALUE;
            })
            .thenComparing(Comparator.naturalOrder());

    /** One column of parameters: writes per task and the share that completes synchronously. */
    private record Cell(int operations, double share) implements Comparable<Cell> {
        @Override
        public int compareTo(Cell other) {
            int byOperations = Integer.compare(operations, other.operations);
            return byOperations != 0 ? byOperations : Double.compare(other.share, share);
        }

        String shareLabel() {
            return Figures.number(share);
        }
    }

    /** A pattern in a cell: its throughput result and its depth result, either possibly missing. */
    private static final class Row {
        JmhResult task;
        JmhResult depth;

        /** @return tasks per second, NaN without a throughput result */
        double tasksPerSecond() {
            return task == null ? Double.NaN : perSecond(task.primary().score(), task.primary().unit());
        }

        double errorPerSecond() {
            return task == null ? Double.NaN : perSecond(task.primary().error(), task.primary().unit());
        }

        double nanosPerWrite(int operations) {
            return 1e9 / (tasksPerSecond() * operations);
        }

        JmhResult.Metric allocation() {
            return task == null ? null : task.secondary().get(GC_NORM);
        }

        /** @return the deepest stack of any iteration, NaN without a depth result */
        double maxDepth() {
            if (depth == null || !depth.secondary().containsKey(DEPTH_COUNTER)) {
                return Double.NaN;
            }
            return depth.secondary().get(DEPTH_COUNTER).maxOfIterations();
        }
    }

    private final Map<Cell, Map<String, Row>> cells = new TreeMap<>();

    CallbackPatternsTable(List<JmhResult> results) {
        for (JmhResult result : results) {
            if (!covers(result)) {
                continue;
            }
            Cell cell = new Cell(Integer.parseInt(required(result, "operations")),
                    Double.parseDouble(required(result, "synchronousShare")));
            Row row = cells.computeIfAbsent(cell, c -> new TreeMap<>(PATTERN_ORDER))
                    .computeIfAbsent(required(result, "pattern"), p -> new Row());
            if (result.method().equals(TASK)) {
                row.task = result;
            } else {
                row.depth = result;
            }
        }
    }

    /** @return whether this table reports the result */
    static boolean covers(JmhResult result) {
        return result.benchmarkClass().equals(BENCHMARK)
                && (result.method().equals(TASK) || result.method().equals(DEPTH));
    }

    private static String required(JmhResult result, String param) {
        String value = result.param(param);
        if (value == null) {
            throw new IllegalArgumentException(result.benchmark() + " has no parameter '" + param + "'");
        }
        return value;
    }

    void appendTo(StringBuilder out) {
        out.append("##### ").append(BENCHMARK).append("\n\n");
        out.append("| writes/task | sync share | pattern | tasks/s ± error | ns/write | B/task | max writes on stack |\n");
        out.append("|---:|---:|---|---:|---:|---:|---:|\n");
        cells.forEach((cell, rows) -> rows.forEach((pattern, row) -> out
                .append("| ").append(cell.operations())
                .append(" | ").append(cell.shareLabel())
                .append(" | ").append(pattern)
                .append(" | ").append(Figures.withError(row.tasksPerSecond(), row.errorPerSecond()))
                .append(" | ").append(Figures.number(row.nanosPerWrite(cell.operations())))
                .append(" | ").append(Figures.bytes(row.allocation()))
                .append(" | ").append(Double.isNaN(row.maxDepth()) ? "-" : Long.toString((long) row.maxDepth()))
                .append(" |\n")));
        out.append('\n');
        appendTargets(out);
    }

    private void appendTargets(StringBuilder out) {
        List<String[]> lines = new ArrayList<>();
        oursAgainstJetty(lines);
        oursAllocation(lines);
        oursDepth(lines);
        naiveDepth(lines);
        dispatchCost(lines);
        if (lines.isEmpty()) {
            return;
        }
        out.append("Targets set for the callback core:\n\n");
        out.append("| target | measured | verdict |\n");
        out.append("|---|---|---|\n");
        for (String[] line : lines) {
            out.append("| ").append(line[0]).append(" | ").append(line[1]).append(" | ").append(line[2]).append(" |\n");
        }
        out.append('\n');
    }

    private void oursAgainstJetty(List<String[]> lines) {
        cells.forEach((cell, rows) -> {
            Row ours = rows.get(OURS);
            Row jetty = rows.get(JETTY);
            if (ours == null || jetty == null || ours.task == null || jetty.task == null) {
                return;
            }
            double ratio = ours.tasksPerSecond() / jetty.tasksPerSecond();
            String measured = Figures.ratio(ratio) + " (" + Figures.withError(ours.tasksPerSecond(), ours.errorPerSecond())
                    + " vs " + Figures.withError(jetty.tasksPerSecond(), jetty.errorPerSecond()) + " tasks/s)";
            boolean headline = cell.operations() == 1024 && cell.share() == 1.0;
            String target = headline
                    ? "ours >= " + TARGET_RATIO + "x Jetty's, " + cell.operations() + " writes, sync " + cell.shareLabel()
                    : "ours not slower than Jetty's, " + cell.operations() + " writes, sync " + cell.shareLabel();
            // The least favourable ratio the two confidence intervals allow: ours at its lowest, Jetty's at its highest.
            double worstCase = (ours.tasksPerSecond() - nanToZero(ours.errorPerSecond()))
                    / (jetty.tasksPerSecond() + nanToZero(jetty.errorPerSecond()));
            double required = headline ? TARGET_RATIO : 1.0;
            String verdict;
            if (worstCase >= required) {
                verdict = "met";
            } else if (ratio >= required) {
                verdict = "met, within error";
            } else if (!headline && ours.tasksPerSecond() + nanToZero(ours.errorPerSecond())
                    >= jetty.tasksPerSecond() - nanToZero(jetty.errorPerSecond())) {
                verdict = "slower, within error";
            } else {
                verdict = "**missed**";
            }
            lines.add(new String[] {target, measured, verdict});
        });
    }

    private void oursAllocation(List<String[]> lines) {
        List<String> measured = new ArrayList<>();
        double worst = Double.NaN;
        for (Map.Entry<Cell, Map<String, Row>> entry : cells.entrySet()) {
            Row ours = entry.getValue().get(OURS);
            if (ours != null && ours.allocation() != null) {
                double bytes = ours.allocation().score();
                worst = Double.isNaN(worst) ? bytes : Math.max(worst, bytes);
                measured.add(entry.getKey().operations() + "/" + entry.getKey().shareLabel() + ": " + Figures.number(bytes));
            }
        }
        if (measured.isEmpty()) {
            return;
        }
        lines.add(new String[] {"ours allocates 0 B/op in steady state (every cell < " + (int) ONE_OBJECT_BYTES
                        + " B/task: not one object per task; the rest is JMH's own per-iteration allocation)",
                "B/task by writes/share: " + String.join(", ", measured),
                worst < ONE_OBJECT_BYTES ? "met" : "**missed**"});
    }

    private void oursDepth(List<String[]> lines) {
        Map<String, TreeSet<Double>> depthsByShare = new TreeMap<>(Comparator.reverseOrder());
        List<String> measured = new ArrayList<>();
        cells.forEach((cell, rows) -> {
            Row ours = rows.get(OURS);
            if (ours != null && !Double.isNaN(ours.maxDepth())) {
                depthsByShare.computeIfAbsent(cell.shareLabel(), s -> new TreeSet<>()).add(ours.maxDepth());
                measured.add(cell.operations() + "/" + cell.shareLabel() + ": " + (long) ours.maxDepth());
            }
        });
        if (measured.isEmpty()) {
            return;
        }
        boolean independent = depthsByShare.values().stream().allMatch(depths -> depths.size() == 1);
        lines.add(new String[] {"ours: max stack depth independent of writes per task",
                "writes on stack by writes/share: " + String.join(", ", measured),
                independent ? "met" : "**missed**"});
    }

    private void naiveDepth(List<String[]> lines) {
        List<String> measured = new ArrayList<>();
        boolean linear = true;
        for (Map.Entry<Cell, Map<String, Row>> entry : cells.entrySet()) {
            Row naive = entry.getValue().get(NAIVE);
            if (entry.getKey().share() == 1.0 && naive != null && !Double.isNaN(naive.maxDepth())) {
                measured.add(entry.getKey().operations() + " writes: " + (long) naive.maxDepth());
                linear &= naive.maxDepth() == entry.getKey().operations();
            }
        }
        if (measured.isEmpty()) {
            return;
        }
        lines.add(new String[] {"naive recursion: depth grows linearly (all synchronous); overflow: `./workbench jmh overflow`",
                "writes on stack: " + String.join(", ", measured),
                linear ? "met (depth = writes)" : "**missed**"});
    }

    private void dispatchCost(List<String[]> lines) {
        List<String> measured = new ArrayList<>();
        boolean shows = true;
        for (Map.Entry<Cell, Map<String, Row>> entry : cells.entrySet()) {
            Cell cell = entry.getKey();
            Row dispatch = entry.getValue().get(DISPATCH);
            Row ours = entry.getValue().get(OURS);
            if (cell.share() != 1.0 || dispatch == null || ours == null || dispatch.task == null || ours.task == null) {
                continue;
            }
            double hop = dispatch.nanosPerWrite(cell.operations()) - ours.nanosPerWrite(cell.operations());
            measured.add(cell.operations() + " writes: " + Figures.number(dispatch.nanosPerWrite(cell.operations()))
                    + " vs " + Figures.number(ours.nanosPerWrite(cell.operations())) + " ns/write (+"
                    + Figures.number(hop) + ")");
            // Beyond both errors: the dispatching pattern's slowest plausible rate is still slower per write.
            double dispatchFastest = 1e9 / ((dispatch.tasksPerSecond() + nanToZero(dispatch.errorPerSecond())) * cell.operations());
            double oursSlowest = 1e9 / ((ours.tasksPerSecond() - nanToZero(ours.errorPerSecond())) * cell.operations());
            shows &= dispatchFastest > oursSlowest;
        }
        if (measured.isEmpty()) {
            return;
        }
        lines.add(new String[] {"always-dispatch pays a thread hop per write (all synchronous; vs ours)",
                String.join(", ", measured), shows ? "shows" : "**does not show**"});
    }

    private static double nanToZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }

    /** Converts a throughput figure in JMH's unit (ops/s, ops/ms, ...) to per second. */
    static double perSecond(double value, String unit) {
        return switch (unit) {
            case "ops/s" -> value;
            case "ops/ms" -> value * 1e3;
            case "ops/us" -> value * 1e6;
            case "ops/ns" -> value * 1e9;
            case "ops/min" -> value / 60;
            default -> throw new IllegalArgumentException("expected a throughput (ops/time) for the task benchmark, found " + unit
                    + "; run it in throughput mode");
        };
    }

    @Override
    public String toString() {
        return cells.keySet().stream().map(Cell::toString).collect(Collectors.joining(", ", "CallbackPatternsTable[", "]"));
    }
}
