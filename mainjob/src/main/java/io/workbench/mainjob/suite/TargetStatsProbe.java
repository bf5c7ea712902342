package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.ResultsJson;
import io.workbench.mainjob.report.results.TargetStats;
import java.io.IOException;
import java.util.Optional;

/**
 * Reads a target's {@code GET /stats} and asks whether it serves a path. On loopback it asks
 * directly ({@link HttpStatsTransport}); when the target is in a network namespace the runner
 * cannot reach, through a relay inside the generator's namespace ({@link RelayStatsTransport}).
 */
public final class TargetStatsProbe implements AutoCloseable {

    private final StatsTransport transport;

    /** A direct probe of {@code baseUrl} (the target's READY line). */
    public TargetStatsProbe(String baseUrl) {
        this(new HttpStatsTransport(baseUrl));
    }

    public TargetStatsProbe(StatsTransport transport) {
        this.transport = transport;
    }

    /**
     * The counters now, or empty when the target did not answer three times in a row (a target
     * just released from thousands of connections, or at its descriptor limit, may drop one).
     */
    public Optional<TargetStats> stats() {
        for (int attempt = 1; attempt <= 3; attempt++) {
            Optional<TargetStats> stats = statsOnce();
            if (stats.isPresent() || Thread.currentThread().isInterrupted()) {
                return stats;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** One try, for the poller that asks again anyway. */
    public Optional<TargetStats> statsOnce() {
        return read("/stats");
    }

    /**
     * One try of {@code /stats?resetPeaks}: the counters now, then the target's peaks (threads, the
     * most in flight) start again from the present, so that the next reading's peaks are the phase's.
     * A target without the reset answers the counters alone.
     */
    public Optional<TargetStats> statsResettingPeaks() {
        return read("/stats?resetPeaks");
    }

    private Optional<TargetStats> read(String path) {
        Optional<StatsTransport.Answer> answer = transport.get(path);
        if (answer.isEmpty() || answer.get().status() != 200) {
            return Optional.empty();
        }
        try {
            return Optional.of(ResultsJson.mapper().readValue(answer.get().body(), TargetStats.class));
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    /** The status a GET of {@code path} gets, or empty when there was no answer. */
    public Optional<Integer> status(String path) {
        return transport.get(path).map(StatsTransport.Answer::status);
    }

    @Override
    public void close() {
        transport.close();
    }
}
