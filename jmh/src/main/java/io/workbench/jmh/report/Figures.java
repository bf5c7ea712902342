package io.workbench.jmh.report;

import java.util.Locale;

/** How the report writes a measured figure: enough digits to compare, never more than were measured. */
final class Figures {

    private Figures() {
    }

    /** 1,234,567 / 12.35 / 0.0123; "n/a" for NaN. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 100) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (magnitude >= 1 || magnitude == 0) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    /** "score ± error", or the score alone when JMH had too few samples for an error. */
    static String withError(double score, double error) {
        return Double.isNaN(error) ? number(score) : number(score) + " ± " + number(error);
    }

    /** Bytes allocated per operation from {@code gc.alloc.rate.norm}; "-" when the run had no {@code -prof gc}. */
    static String bytes(JmhResult.Metric allocation) {
        if (allocation == null) {
            return "-";
        }
        return number(allocation.score());
    }

    /** A ratio to two decimals, "1.42x". */
    static String ratio(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.2fx", ratio);
    }
}
