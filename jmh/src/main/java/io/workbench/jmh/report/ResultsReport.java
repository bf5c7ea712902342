package io.workbench.jmh.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns one JMH JSON run into the Markdown the README quotes: a header saying when, where and by
 * which command it ran; the callback patterns as a table (pattern x parameters -> tasks/s ± error,
 * ns per write, bytes per task, deepest stack) followed by every target set for the callback core with its
 * verdict; and a plain table for every other benchmark.
 *
 * <pre>
 *   ./workbench jmh report jmh/results/20250101-120000-default.json
 * </pre>
 *
 * Prints the report and writes it beside the JSON as {@code <run>.md}. The date, machine and
 * command come from {@code <run>.run.properties}, which the run wrote on the machine it ran on;
 * a JSON without one (a run of the bare jar) is reported with those marked as not recorded.
 */
public final class ResultsReport {

    private ResultsReport() {
    }

    /** Reads {@code <run>.json} and {@code <run>.run.properties} if present, writes {@code <run>.md}, returns its path. */
    public static Path writeBeside(Path json) throws IOException {
        List<JmhResult> results = JmhResult.read(json);
        Optional<RunDescription> run = RunDescription.read(RunDescription.besideJson(json));
        String markdown = markdown(json.getFileName().toString(), results, run);
        String name = json.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        Path target = json.resolveSibling(base + ".md");
        Files.writeString(target, markdown, StandardCharsets.UTF_8);
        return target;
    }

    /** The whole report for the results of one run. */
    public static String markdown(String source, List<JmhResult> results, Optional<RunDescription> run) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException(source + " holds no benchmark results");
        }
        StringBuilder out = new StringBuilder();
        header(out, source, results, run);
        List<JmhResult> others = new ArrayList<>();
        for (JmhResult result : results) {
            if (!CallbackPatternsTable.covers(result)) {
                others.add(result);
            }
        }
        if (others.size() < results.size()) {
            new CallbackPatternsTable(results).appendTo(out);
        }
        Map<String, List<JmhResult>> byClass = others.stream()
                .collect(Collectors.groupingBy(JmhResult::benchmarkClass, LinkedHashMap::new, Collectors.toList()));
        byClass.forEach((benchmarkClass, classResults) -> plainTable(out, benchmarkClass, classResults));
        return out.toString();
    }

    private static void header(StringBuilder out, String source, List<JmhResult> results, Optional<RunDescription> run) {
        out.append("#### JMH run `").append(source).append("`\n\n");
        Set<String> jdks = results.stream().map(JmhResult::jdk).collect(Collectors.toCollection(LinkedHashSet::new));
        if (run.isPresent()) {
            RunDescription description = run.get();
            out.append("- date: ").append(description.date()).append('\n');
            out.append("- machine: ").append(description.processors()).append(" processors, ")
                    .append(description.cpu()).append(", ").append(description.os()).append('\n');
            out.append("- command: `").append(description.command()).append("`\n");
        } else {
            out.append("- date, machine and command: not recorded (no ")
                    .append(RunDescription.besideJson(Path.of(source)).getFileName()).append(" beside the JSON)\n");
        }
        out.append("- JVM of the benchmarks: ").append(String.join("; ", jdks)).append("\n\n");
    }

    private static void plainTable(StringBuilder out, String benchmarkClass, List<JmhResult> results) {
        out.append("##### ").append(benchmarkClass).append("\n\n");
        out.append("| benchmark | threads | parameters | score ± error | unit | B/op |\n");
        out.append("|---|---:|---|---:|---|---:|\n");
        for (JmhResult result : results) {
            String params = result.params().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", "));
            out.append("| ").append(result.method())
                    .append(" | ").append(result.threads())
                    .append(" | ").append(params.isEmpty() ? "-" : params)
                    .append(" | ").append(Figures.withError(result.primary().score(), result.primary().error()))
                    .append(" | ").append(result.primary().unit())
                    .append(" | ").append(Figures.bytes(result.secondary().get(CallbackPatternsTable.GC_NORM)))
                    .append(" |\n");
        }
        out.append('\n');
    }

    /** {@code ResultsReport <run>.json} */
    public static void main(String[] args) throws IOException {
        if (args.length != 1 || args[0].startsWith("-")) {
            exitWithUsage(args.length == 0 ? "which JMH JSON file?" : "expected one JMH JSON file, got " + String.join(" ", args));
        }
        try {
            Path markdown = writeBeside(Path.of(args[0]));
            System.out.print(Files.readString(markdown, StandardCharsets.UTF_8));
            System.err.println("report: written to " + markdown);
        } catch (NoSuchFileException e) {
            exitWithUsage("no such file: " + e.getFile());
        } catch (IllegalArgumentException e) {
            exitWithUsage(e.getMessage());
        }
    }

    private static void exitWithUsage(String problem) {
        System.err.println("report: " + problem);
        System.err.println("usage: ./workbench jmh report <results.json>");
        System.exit(2);
    }
}
