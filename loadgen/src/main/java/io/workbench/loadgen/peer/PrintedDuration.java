package io.workbench.loadgen.peer;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time as wrk, wrk2 and h2load print it: a decimal number and its unit, {@code 512.00us},
 * {@code 1.23ms}, {@code 1.05s}, and past a minute wrk's {@code 2.00m} and {@code 1.00h}. Read
 * into a {@link Duration}, so that no caller compares microseconds with milliseconds.
 */
public final class PrintedDuration {

    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s|m|h)");

    private PrintedDuration() {
    }

    /** The duration {@code text} prints; an {@link IllegalArgumentException} naming it when it is not one. */
    public static Duration parse(String text) {
        Matcher m = TIME.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not a time (a number followed by us, ms, s, m or h)");
        }
        BigDecimal nanosPerUnit = switch (m.group(2)) {
            case "us" -> BigDecimal.valueOf(1_000L);
            case "ms" -> BigDecimal.valueOf(1_000_000L);
            case "s" -> BigDecimal.valueOf(1_000_000_000L);
            case "m" -> BigDecimal.valueOf(60_000_000_000L);
            default -> BigDecimal.valueOf(3_600_000_000_000L);
        };
        return Duration.ofNanos(new BigDecimal(m.group(1)).multiply(nanosPerUnit).longValue());
    }

    /** {@code duration} in milliseconds, fractional. */
    public static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
