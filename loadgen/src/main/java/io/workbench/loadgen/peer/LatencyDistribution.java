package io.workbench.loadgen.peer;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Latency percentiles as a load tool printed them: percentile (50, 99, 99.9...) to latency. Empty
 * when the tool printed none (wrk without {@code --latency}).
 */
public record LatencyDistribution(NavigableMap<Double, Duration> percentiles) {

    /** A percentile line: {@code 50%  394.00us} (wrk) or {@code 99.900%    4.28ms} (wrk2). */
    private static final Pattern PERCENTILE = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)%\\s+(\\S+)\\s*");

    public static final LatencyDistribution NONE = new LatencyDistribution(new TreeMap<>());

    public LatencyDistribution {
        percentiles = Collections.unmodifiableNavigableMap(new TreeMap<>(percentiles));
    }

    public boolean isEmpty() {
        return percentiles.isEmpty();
    }

    /** The latency at {@code percentile}, which the tool must have printed. */
    public Duration at(double percentile) {
        Duration latency = percentiles.get(percentile);
        if (latency == null) {
            throw new IllegalArgumentException("no " + percentile + "th percentile; printed: " + percentiles.keySet());
        }
        return latency;
    }

    /**
     * The percentile lines that follow the first line of {@code lines} that starts (once stripped)
     * with {@code header}, up to the first line that is not one; {@link #NONE} when no line starts
     * with it. A header followed by no percentile, or a latency in an unknown unit, is an
     * {@link UnreadableOutputException} of {@code tool}.
     */
    static LatencyDistribution section(List<String> lines, String header, String tool) {
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            if (lines.get(i).strip().startsWith(header)) {
                start = i + 1;
            }
        }
        if (start < 0) {
            return NONE;
        }
        TreeMap<Double, Duration> percentiles = new TreeMap<>();
        for (int i = start; i < lines.size(); i++) {
            Matcher m = PERCENTILE.matcher(lines.get(i));
            if (!m.matches()) {
                break;
            }
            try {
                percentiles.put(Double.parseDouble(m.group(1)), PrintedDuration.parse(m.group(2)));
            } catch (IllegalArgumentException e) {
                throw new UnreadableOutputException(tool, e.getMessage(), lines.get(i));
            }
        }
        if (percentiles.isEmpty()) {
            throw new UnreadableOutputException(tool, "no percentile line after '" + header + "'");
        }
        return new LatencyDistribution(percentiles);
    }
}
