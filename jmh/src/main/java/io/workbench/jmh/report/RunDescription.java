package io.workbench.jmh.report;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.Properties;

/**
 * Where and how a benchmark run was made: what a number needs beside it to be rerun. Recorded by
 * the run itself, on the machine it ran on, next to its JSON ({@code <run>.run.properties}),
 * because a report may be made later and elsewhere.
 *
 * @param date       when the run started (ISO-8601 with offset)
 * @param command    the command that produced the JSON
 * @param processors the processors the JVM saw
 * @param cpu        the CPU model, as /proc/cpuinfo names it ("unknown" elsewhere)
 * @param os         operating system, version and architecture
 * @param jdk        the JDK that launched the run (forks use the same unless told otherwise)
 */
public record RunDescription(String date, String command, int processors, String cpu, String os, String jdk) {

    private static final String SUFFIX = ".run.properties";

    /** Describes this machine, now, for a run started by {@code command}. */
    public static RunDescription ofThisMachine(String command) {
        return new RunDescription(ZonedDateTime.now().withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                command, Runtime.getRuntime().availableProcessors(), cpuModel(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                "JDK " + Runtime.version() + ", " + System.getProperty("java.vm.name") + " (" + System.getProperty("java.vendor") + ")");
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        try {
            if (Files.isReadable(cpuinfo)) {
                for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
                    if (line.startsWith("model name")) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            }
        } catch (IOException e) {
            // Not worth failing a run for: the model is only a label.
        }
        return "unknown";
    }

    /** @return the file this description goes in, beside the run's JSON {@code <run>.json} */
    public static Path besideJson(Path json) {
        String name = json.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return json.resolveSibling(base + SUFFIX);
    }

    public void write(Path file) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("date", date);
        properties.setProperty("command", command);
        properties.setProperty("processors", Integer.toString(processors));
        properties.setProperty("cpu", cpu);
        properties.setProperty("os", os);
        properties.setProperty("jdk", jdk);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(out, "how the JMH run beside this file was made");
        }
    }

    /** @return the description in {@code file}, or empty if there is none */
    public static Optional<RunDescription> read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        try {
            return Optional.of(new RunDescription(required(properties, "date", file), required(properties, "command", file),
                    Integer.parseInt(required(properties, "processors", file)), required(properties, "cpu", file),
                    required(properties, "os", file), required(properties, "jdk", file)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": processors is not a number", e);
        }
    }

    private static String required(Properties properties, String key, Path file) {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException(file + " has no '" + key + "'");
        }
        return value;
    }
}
