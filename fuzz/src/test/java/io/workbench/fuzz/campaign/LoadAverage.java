package io.workbench.fuzz.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The machine's 1-minute load average, sampled during a campaign (Linux: /proc/loadavg), and what the samples were. */
final class LoadAverage {

    private static final Path PROC = Path.of("/proc/loadavg");

    private int samples;
    private double sum;
    private double min = Double.MAX_VALUE;
    private double max;

    /** @return the load average now, or NaN where the system does not say */
    double sample() {
        double value;
        try {
            value = Double.parseDouble(Files.readString(PROC).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException unavailable) {
            return Double.NaN;
        }
        samples++;
        sum += value;
        min = Math.min(min, value);
        max = Math.max(max, value);
        return value;
    }

    String describe() {
        if (samples == 0) {
            return "load average (1 min): not sampled";
        }
        return String.format(Locale.ROOT, "load average (1 min): mean %.2f, min %.2f, max %.2f over %d samples", sum / samples, min, max, samples);
    }
}
