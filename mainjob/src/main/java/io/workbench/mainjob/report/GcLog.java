package io.workbench.mainjob.report;

import io.workbench.mainjob.report.results.GcPause;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the pauses out of a unified JVM GC log written with {@code -Xlog:gc:file=...:utctime,...}.
 * Each pause line is stamped with the wall clock when it was logged, which is when the pause ended;
 * the pause started its duration earlier. Wall-clock stamps are what let the pauses line up with
 * the load generator's interval log, whose intervals are epoch-based too.
 *
 * <p>Lines it understands, from every collector that logs pauses under the {@code gc} tag:
 * <pre>
 * [2026-11-24T10:30:01.123+0000][12.345s][info][gc] GC(3) Pause Young (Allocation Failure) 1024M-&gt;5M(3925M) 3.456ms
 * [2026-11-24T10:30:09.001+0000][20.123s][info][gc] GC(9) Pause Full (Ergonomics) 900M-&gt;200M(3925M) 120.5ms
 * </pre>
 * Other lines (start-up, phases, heap summaries) are skipped.
 */
public final class GcLog {

    public static final String FILE_NAME = "gc.log";

    private static final Pattern PAUSE = Pattern.compile(
            "^\\[([^\\]]+)\\](?:\\[[^\\]]*\\])*?\\[gc\\s*\\] GC\\(\\d+\\) (Pause .*?)(?: \\S+->\\S+)? ([0-9]+(?:\\.[0-9]+)?)ms\\s*$");
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private GcLog() {
    }

    /**
     * The JVM option that writes the log this class reads.
     *
     * @param file where the log goes
     */
    public static String jvmOption(Path file) {
        return "-Xlog:gc:file=" + file + ":utctime,uptime,level,tags";
    }

    /** The pauses in {@code file}, in log order; none when the file does not exist (the JVM never started). */
    public static List<GcPause> pauses(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        return pauses(Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    public static List<GcPause> pauses(List<String> lines) {
        List<GcPause> pauses = new ArrayList<>();
        for (String line : lines) {
            Matcher matcher = PAUSE.matcher(line);
            if (!matcher.matches()) {
                continue;
            }
            long endEpochMillis;
            try {
                endEpochMillis = OffsetDateTime.parse(matcher.group(1), UTC_TIME).toInstant().toEpochMilli();
            } catch (DateTimeParseException notWallClock) {
                // A log decorated with uptime only cannot be placed on the load's clock: skip it, do not guess.
                continue;
            }
            double durationMs = Double.parseDouble(matcher.group(3));
            pauses.add(new GcPause(endEpochMillis - Math.round(durationMs), durationMs, matcher.group(2).trim()));
        }
        return pauses;
    }
}
