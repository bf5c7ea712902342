package io.workbench.mainjob.suite;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** GETs over one kept-alive connection of the JDK's HTTP client, from the caller's own network namespace. */
public final class HttpStatsTransport implements StatsTransport {

    static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
    private final String baseUrl;

    public HttpStatsTransport(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    @Override
    public Optional<Answer> get(String path) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT).GET().build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return Optional.of(new Answer(response.statusCode(), response.body()));
        } catch (IOException unanswered) {
            return Optional.empty();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
