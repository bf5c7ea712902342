package io.workbench.jmh.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

    private static final ObjectMapper JSON = new ObjectMapper();

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
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException("expected a JSON array of benchmark results");
        }
        List<JmhResult> results = new ArrayList<>();
        for (JsonNode entry : root) {
            results.add(fromJson(asObject(entry, "a benchmark result")));
        }
        return results;
    }

    private static JmhResult fromJson(JsonNode entry) {
        String benchmark = asString(entry.get("benchmark"), "benchmark");
        if (benchmark.lastIndexOf('.') < 1) {
            throw new IllegalArgumentException("not a benchmark method name: " + benchmark);
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (present(entry.get("params"))) {
            asObject(entry.get("params"), "params").properties()
                    .forEach(param -> params.put(param.getKey(), asString(param.getValue(), param.getKey())));
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        if (present(entry.get("secondaryMetrics"))) {
            asObject(entry.get("secondaryMetrics"), "secondaryMetrics").properties()
                    .forEach(metric -> secondary.put(metric.getKey(), metric(asObject(metric.getValue(), metric.getKey()))));
        }
        String jdk = text(entry.get("jdkVersion")) + ", " + text(entry.get("vmName")) + " " + text(entry.get("vmVersion"));
        return new JmhResult(benchmark, asString(entry.get("mode"), "mode"),
                (int) asNumber(entry.get("threads"), "threads"), params,
                metric(asObject(entry.get("primaryMetric"), "primaryMetric")), secondary, jdk);
    }

    private static Metric metric(JsonNode metric) {
        List<Double> raw = new ArrayList<>();
        JsonNode forks = metric.get("rawData");
        if (forks != null && forks.isArray()) {
            for (JsonNode fork : forks) {
                if (fork.isArray()) {
                    for (JsonNode value : fork) {
                        raw.add(asNumber(value, "rawData"));
                    }
                }
            }
        }
        return new Metric(asNumber(metric.get("score"), "score"), asNumber(metric.get("scoreError"), "scoreError"),
                asString(metric.get("scoreUnit"), "scoreUnit"), List.copyOf(raw));
    }

    private static boolean present(JsonNode value) {
        return value != null && !value.isNull();
    }

    /** A field's text as JMH wrote it, or "null" when it is missing, as the report has always shown it. */
    private static String text(JsonNode value) {
        return present(value) ? value.asText() : "null";
    }

    private static JsonNode asObject(JsonNode value, String what) {
        if (value != null && value.isObject()) {
            return value;
        }
        throw new IllegalArgumentException("expected an object for " + what + ", found " + value);
    }

    private static String asString(JsonNode value, String what) {
        if (value != null && (value.isTextual() || value.isNumber())) {
            return value.asText();
        }
        throw new IllegalArgumentException("expected a string for " + what + ", found " + value);
    }

    /** JMH writes numbers as numbers, and NaN or infinities as strings. */
    private static double asNumber(JsonNode value, String what) {
        if (value != null && value.isNumber()) {
            return value.doubleValue();
        }
        if (value != null && value.isTextual()) {
            switch (value.textValue()) {
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
