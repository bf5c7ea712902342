package io.workbench.loadgen.plan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as a user types them: {@code 65536}, {@code 64KiB}, {@code 64k}, {@code 1MiB}, {@code 1m}.
 * Every unit is binary (a kibibyte is 1,024 bytes), as buffer sizes are.
 */
public final class ByteSizes {

    private static final Pattern FORM = Pattern.compile("(\\d{1,10})\\s*(|b|k|kb|kib|m|mb|mib)");

    private ByteSizes() {
    }

    /**
     * @return {@code text} in bytes
     * @throws IllegalArgumentException naming the option and the forms accepted, or the bounds it broke
     */
    public static int parse(String option, String text, int min, int max) {
        Matcher matcher = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException(option + " " + text + ": not a size (write it like 65536, 64KiB, 1MiB)");
        }
        long unit = switch (matcher.group(2)) {
            case "", "b" -> 1;
            case "k", "kb", "kib" -> 1024;
            default -> 1024 * 1024;
        };
        long bytes = Long.parseLong(matcher.group(1)) * unit;
        if (bytes < min || bytes > max) {
            throw new IllegalArgumentException(option + " " + text + ": must be within " + describe(min) + ".." + describe(max));
        }
        return (int) bytes;
    }

    /** @return {@code bytes} the shortest way {@link #parse} reads back */
    public static String describe(long bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + "MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + "KiB";
        }
        return Long.toString(bytes);
    }
}
