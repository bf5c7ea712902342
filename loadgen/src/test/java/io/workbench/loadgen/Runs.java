package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.workbench.iocore.launch.ChildJvm;
import io.workbench.loadgen.run.LoadRun;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Runs the load command in process as a user would, and reads back what it wrote. */
final class Runs {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Runs() {
    }

    /** What one run left: its exit code, its output streams and its files. */
    record Run(int exitCode, String stdout, String stderr, Path dir) {

        JsonNode summary() {
            try {
                return JSON.readTree(dir.resolve("summary.json").toFile());
            } catch (java.io.IOException x) {
                throw new AssertionError("no summary.json in " + dir + "; stderr:\n" + stderr, x);
            }
        }

        /** @return the interval log's histograms of {@code tag}, added up (microseconds) */
        Histogram histogram(String tag) {
            Histogram total = new Histogram(3_600_000_000L, 3);
            try {
                HistogramLogReader reader = new HistogramLogReader(dir.resolve("latency.hlog").toFile());
                EncodableHistogram interval;
                while ((interval = reader.nextIntervalHistogram()) != null) {
                    if (tag.equals(interval.getTag())) {
                        total.add((Histogram) interval);
                    }
                }
            } catch (FileNotFoundException x) {
                throw new AssertionError("no latency.hlog in " + dir, x);
            }
            return total;
        }

        /** Asserts sent = ok + errors + timedOut and errors = the sum of the kinds, in the measured phase and the warm-up. */
        void assertAccounting() {
            JsonNode summary = summary();
            for (String phase : List.of("requests", "warmup")) {
                JsonNode counts = summary.get(phase);
                long kinds = 0;
                for (JsonNode n : counts.get("errorsByKind")) {
                    kinds += n.asLong();
                }
                assertEquals(counts.get("errors").asLong(), kinds, phase + ": errors is the sum of the kinds: " + counts);
                assertEquals(counts.get("sent").asLong(),
                        counts.get("ok").asLong() + counts.get("errors").asLong() + counts.get("timedOut").asLong(),
                        phase + ": sent = ok + errors + timedOut: " + counts + "\n" + stderr);
                assertTrue(counts.get("scheduled").asLong() >= counts.get("sent").asLong(), phase + ": scheduled >= sent: " + counts);
            }
        }

        @Override
        public String toString() {
            return "Run[exit " + exitCode + ", " + dir + "]\n" + stderr;
        }
    }

    /** Runs {@code load args... --out dir} in this JVM (no shutdown hook). */
    static Run load(Path dir, String... args) {
        return load(dir, run -> { }, args);
    }

    /** As {@link #load(Path, String...)}, and {@code started} is given the run before it starts, on this thread. */
    static Run load(Path dir, Consumer<LoadRun> started, String... args) {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.add("--out");
        all.add(dir.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8); PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = LoadCommand.execute(all.toArray(new String[0]), o, e, false, started);
        }
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), dir);
    }

    /** The command that starts the load command in a JVM of its own, with this test's class path. */
    static List<String> javaCommand() {
        List<String> command = ChildJvm.command();
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), LoadCommand.class.getName()));
        return command;
    }

    static String read(Path file) throws java.io.IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
