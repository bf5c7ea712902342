package io.workbench.loadgen.plan;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as a user types them: {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 250us},
 * {@code 1.5s}, and {@code 0} (no unit needed for none).
 */
public final class Durations {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|ms|s|m|h)");

    private Durations() {
    }

    /**
     * @return {@code text} in nanoseconds
     * @throws IllegalArgumentException naming the option and the forms accepted
     */
    public static long parseNanos(String option, String text) {
        if (text.trim().equals("0")) {
            return 0;
        }
        Matcher matcher = FORM.matcher(text.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(option + " " + text + ": not a duration (write it like 10s, 500ms, 2m, 1h, 250us)");
        }
        double value = Double.parseDouble(matcher.group(1));
        double unit = switch (matcher.group(2)) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            case "h" -> 3600e9;
            default -> throw new IllegalStateException(matcher.group(2));
        };
        double nanos = value * unit;
        if (nanos > Long.MAX_VALUE / 4) {
            throw new IllegalArgumentException(option + " " + text + ": too long");
        }
        return Math.round(nanos);
    }
}
