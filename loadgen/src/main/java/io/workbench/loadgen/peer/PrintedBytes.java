package io.workbench.loadgen.peer;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An amount of data as wrk and h2load print it: a decimal number and a binary unit, {@code 512.00B},
 * {@code 388.05KB}, {@code 3.74MB}, {@code 2.10GB} (both tools divide by 1024), read in bytes.
 */
public final class PrintedBytes {

    private static final Pattern AMOUNT = Pattern.compile("(\\d+(?:\\.\\d+)?)(B|KB|MB|GB|TB)");

    private PrintedBytes() {
    }

    /** The bytes {@code text} prints; an {@link IllegalArgumentException} naming it when it is not an amount. */
    public static double parse(String text) {
        Matcher m = AMOUNT.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not an amount of data (a number followed by B, KB, MB, GB or TB)");
        }
        int power = switch (m.group(2)) {
            case "B" -> 0;
            case "KB" -> 1;
            case "MB" -> 2;
            case "GB" -> 3;
            default -> 4;
        };
        return Double.parseDouble(m.group(1)) * Math.pow(1024, power);
    }
}
