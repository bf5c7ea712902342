package io.workbench.loadgen.suite;

import io.workbench.loadgen.report.ResultsJson;
import io.workbench.loadgen.report.results.TargetStats;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * Reads a target's {@code GET /stats} and asks whether it serves a path, over one kept-alive
 * connection of the JDK's HTTP client (loopback only: the URL is the target's READY line).
 */
public final class TargetStatsProbe implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
    private final String baseUrl;

    public TargetStatsProbe(String baseUrl) {
        this.baseUrl = baseUrl;
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
        try {
            HttpResponse<String> response = client.send(request("/stats"), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            return Optional.of(ResultsJson.mapper().readValue(response.body(), TargetStats.class));
        } catch (IOException unanswered) {
            return Optional.empty();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The status a GET of {@code path} gets, or empty when there was no answer. */
    public Optional<Integer> status(String path) {
        try {
            return Optional.of(client.send(request(path), HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (IOException unanswered) {
            return Optional.empty();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT).GET().build();
    }

    @Override
    public void close() {
        client.close();
    }
}
