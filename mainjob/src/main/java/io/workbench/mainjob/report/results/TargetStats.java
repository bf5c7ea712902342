package io.workbench.mainjob.report.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A target's {@code GET /stats} answer: /hello requests started, completed, in flight now and the
 * most ever in flight at once since the target started (or since its peaks were last reset), the
 * /stream responses begun and still being written, and the JVM's own figures where the target
 * reports them.
 *
 * @param streams         /stream responses begun, or null where the target does not count them
 * @param streamsInFlight /stream responses begun and not finished, or null
 * @param jvm             the target JVM's figures ({@code /stats}' {@code jvm} member), or null where it has none
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TargetStats(long started, long completed, long inFlight, long maxInFlight, Jvm jvm, Long streams,
                          Long streamsInFlight) {

    public TargetStats(long started, long completed, long inFlight, long maxInFlight) {
        this(started, completed, inFlight, maxInFlight, null, null, null);
    }

    public TargetStats(long started, long completed, long inFlight, long maxInFlight, Jvm jvm) {
        this(started, completed, inFlight, maxInFlight, jvm, null, null);
    }

    /** Requests the target has finished: /hello completed and /stream responses written whole (or failed). */
    @JsonIgnore
    public long served() {
        long streamsDone = streams == null || streamsInFlight == null ? 0 : streams - streamsInFlight;
        return completed + streamsDone;
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
