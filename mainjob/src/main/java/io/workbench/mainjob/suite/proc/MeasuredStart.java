package io.workbench.mainjob.suite.proc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a load run's measured phase begins, read from its interval log as soon as the run writes it.
 * The generator creates {@code latency.hlog} the moment its clock starts, after priming and its
 * connects, with the measured phase's start (the clock's start plus the run's own unmeasured
 * warm-up) as its {@code StartTime}, in epoch seconds to the millisecond: the one instant the
 * target's counters must be read at, known before it comes.
 */
public final class MeasuredStart {

    private static final Pattern START_TIME = Pattern.compile("^#\\[StartTime: ([0-9]+(?:\\.[0-9]+)?) ");

    private MeasuredStart() {
    }

    /** The measured phase's start in epoch milliseconds, or empty while the log does not exist or has no StartTime yet. */
    public static OptionalLong read(Path hlog) {
        if (!Files.isRegularFile(hlog)) {
            return OptionalLong.empty();
        }
        try {
            for (String line : Files.readAllLines(hlog, StandardCharsets.UTF_8)) {
                Matcher matcher = START_TIME.matcher(line);
                if (matcher.find()) {
                    return OptionalLong.of(Math.round(Double.parseDouble(matcher.group(1)) * 1000));
                }
            }
        } catch (IOException | RuntimeException notYet) {
            // Half written, or being written: asked again a moment later.
        }
        return OptionalLong.empty();
    }
}
