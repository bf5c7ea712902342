package io.workbench.jmh.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One entry of a JMH JSON result file ({@code -rf json}): a benchmark method with one set of
 * parameters, its primary metric and its secondary ones ({@code -prof gc}, {@code @AuxCounters}).
 *
 * @param benchmark the fully qualified method, e.g. {@code io.workbench.jmh.callback.CallbackPatternsBenchmark.task}
 * @param mode      JMH's short mode name: thrpt, avgt, sample, ss
 * @param threads   benchmark threads
 * @param params    {@code @Param} values by name (empty when it has none)
 * @param primary   the score JMH reports for the method
 * @param secondary the other metrics by name, e.g. {@code gc.alloc.rate.norm}
 * @param jdk       "JDK version, VM name VM version" as JMH recorded it
 */
public record JmhResult(String benchmark, String mode, int threads, Map<String, String> params,
                        Metric primary, Map<String, Metric> secondary, String jdk) {

    /**
     * @param score the aggregated score
     * @param error the half-width of the 99.9% confidence interval; NaN when JMH could not compute one
     * @param unit  e.g. ops/s, B/op, #
     * @param raw   every measured iteration's value, forks one after another
     */
    public record Metric(double score, double error, String unit, List<Double> raw) {

        /** @return the largest value of any single iteration (the score if JMH kept no raw data) */
        public double maxOfIterations() {
            return raw.stream().mapToDouble(Double::doubleValue).max().orElse(score);
        }
    }

    /** @return the method name without its class, e.g. {@code task} */
    public String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** @return the simple name of the benchmark class, e.g. {@code CallbackPatternsBenchmark} */
    public String benchmarkClass() {
        String type = benchmark.substring(0, benchmark.lastIndexOf('.'));
        return type.substring(type.lastIndexOf('.') + 1);
    }

    /** @return the named parameter's value, or null if the benchmark has no such parameter */
    public String param(String name) {
        return params.get(name);
    }

    /** Reads a JMH JSON result file. */
    public static List<JmhResult> read(Path file) throws IOException {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " is not a JMH JSON result file: " + e.getMessage(), e);
        }
    }

    /** Parses the text of a JMH JSON result file. */
    public static List<JmhResult> parse(String json) {
        if (!(JsonReader.read(json) instanceof List<?> entries)) {
            throw new IllegalArgumentException("expected a JSON array of benchmark results");
        }
        List<JmhResult> results = new ArrayList<>();
        for (Object entry : entries) {
            results.add(fromJson(asObject(entry, "a benchmark result")));
        }
        return results;
    }

    private static JmhResult fromJson(Map<String, Object> entry) {
        String benchmark = asString(entry.get("benchmark"), "benchmark");
        if (benchmark.lastIndexOf('.') < 1) {
            throw new IllegalArgumentException("not a benchmark method name: " + benchmark);
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (entry.get("params") != null) {
            asObject(entry.get("params"), "params").forEach((name, value) -> params.put(name, asString(value, name)));
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        if (entry.get("secondaryMetrics") != null) {
            asObject(entry.get("secondaryMetrics"), "secondaryMetrics")
                    .forEach((name, metric) -> secondary.put(name, metric(asObject(metric, name))));
        }
        String jdk = entry.get("jdkVersion") + ", " + entry.get("vmName") + " " + entry.get("vmVersion");
        return new JmhResult(benchmark, asString(entry.get("mode"), "mode"),
                (int) asNumber(entry.get("threads"), "threads"), params,
                metric(asObject(entry.get("primaryMetric"), "primaryMetric")), secondary, jdk);
    }

    private static Metric metric(Map<String, Object> metric) {
        List<Double> raw = new ArrayList<>();
        if (metric.get("rawData") instanceof List<?> forks) {
            for (Object fork : forks) {
                if (fork instanceof List<?> iterations) {
                    for (Object value : iterations) {
                        raw.add(asNumber(value, "rawData"));
                    }
                }
            }
        }
        return new Metric(asNumber(metric.get("score"), "score"), asNumber(metric.get("scoreError"), "scoreError"),
                asString(metric.get("scoreUnit"), "scoreUnit"), List.copyOf(raw));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object value, String what) {
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw new IllegalArgumentException("expected an object for " + what + ", found " + value);
    }

    private static String asString(Object value, String what) {
        if (value instanceof String text) {
            return text;
        }
        if (value instanceof Double number) {
            return number.toString();
        }
        throw new IllegalArgumentException("expected a string for " + what + ", found " + value);
    }

    /** JMH writes numbers as numbers, and NaN or infinities as strings. */
    private static double asNumber(Object value, String what) {
        if (value instanceof Double number) {
            return number;
        }
        if (value instanceof String text) {
            switch (text) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException("expected a number for " + what + ", found " + value);
    }
}
