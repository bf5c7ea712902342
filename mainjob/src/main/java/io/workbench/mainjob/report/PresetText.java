package io.workbench.mainjob.report;

import io.workbench.mainjob.report.results.ScenarioPreset;
import java.util.Locale;

/** One line that says what a scenario sent, written the same way in every report. */
public final class PresetText {

    private PresetText() {
    }

    public static String describe(ScenarioPreset preset) {
        StringBuilder text = new StringBuilder();
        if ("all-at-once".equals(preset.model())) {
            text.append(Figures.count(preset.requests())).append(" requests at once, each waiting ")
                    .append(Figures.count(preset.waitMillis())).append(" ms");
        } else {
            text.append("exponential arrivals at ").append(Figures.rate(preset.rate() == null ? Double.NaN : preset.rate()))
                    .append(" req/s, ").append(Figures.count(preset.requests())).append(" requests, ");
            if (preset.streamBytes() != null) {
                text.append(bytes(preset.streamBytes())).append(" responses");
            } else {
                text.append("wait ").append(Figures.count(preset.waitMillis())).append(" ms");
            }
        }
        text.append(" (GET ").append(preset.path()).append(')');
        if (preset.hasWarmup()) {
            text.append("; warm-up: closed model, ").append(Figures.count(preset.warmupConnections()))
                    .append(" connections, ").append(Figures.count(preset.warmupRequests())).append(" requests");
        }
        text.append("; ").append(preset.repetitions()).append(preset.repetitions() == 1 ? " repetition" : " repetitions");
        if (preset.generatorNote() != null) {
            text.append(" (run as asked, never scaled down: ").append(preset.generatorNote()).append(')');
        }
        return text.toString();
    }

    public static String bytes(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return String.format(Locale.ROOT, "%,d bytes", bytes);
    }
}
