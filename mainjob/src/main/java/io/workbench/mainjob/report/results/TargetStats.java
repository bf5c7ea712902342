package io.workbench.mainjob.report.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A target's {@code GET /stats} answer: /hello requests started, completed, in flight now and the
 * most ever in flight at once since the target started (or since its peaks were last reset), and
 * the JVM's own figures where the target reports them.
 *
 * @param jvm the target JVM's figures ({@code /stats}' {@code jvm} member), or null where it has none
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TargetStats(long started, long completed, long inFlight, long maxInFlight, Jvm jvm) {

    public TargetStats(long started, long completed, long inFlight, long maxInFlight) {
        this(started, completed, inFlight, maxInFlight, null);
    }

    /**
     * @param allocatedBytes bytes the JVM has allocated on its heap since it started
     *                       ({@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes})
     * @param liveThreads    live threads now
     * @param peakThreads    the most live threads since start or since {@code /stats?resetPeaks}
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Jvm(long allocatedBytes, int liveThreads, int peakThreads) {
    }
}
