package io.workbench.mainjob.report;

import java.util.Locale;

/** How the reports write numbers: the same figure looks the same in report.md, report.html and a comparison. */
public final class Figures {

    private Figures() {
    }

    /** Milliseconds with three significant decimals below 10 ms, fewer above (the study wrote 1000.643). */
    public static String ms(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (value >= 1000) {
            return String.format(Locale.ROOT, "%,.1f", value);
        }
        if (value >= 10) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3f", value);
    }

    public static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    public static String count(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%,.0f", value);
    }

    public static String rate(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%,.0f", value);
    }

    /** A fraction as a percentage, e.g. 0.034 as {@code 3.4%}; below 1% with two decimals ({@code 0.045%}), so a small one is not 0.0%. */
    public static String percent(double fraction) {
        if (Double.isNaN(fraction)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, fraction != 0 && Math.abs(fraction) < 0.01 ? "%.3f%%" : "%.1f%%", fraction * 100);
    }

    /** A ratio B/A as {@code 1.23x}; {@code n/a} when either side is missing or A is zero. */
    public static String ratio(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b) || a == 0) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.2fx", b / a);
    }

    public static String seconds(double value) {
        return String.format(Locale.ROOT, "%.1f s", value);
    }
}
