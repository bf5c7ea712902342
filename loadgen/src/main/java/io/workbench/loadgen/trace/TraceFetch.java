package io.workbench.loadgen.trace;

import io.workbench.loadgen.plan.TargetUrl;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Fetches a target's trace records ({@code GET /trace} on the run's host and port), off the
 * generator's own client: once before a run, to drop what an earlier run left and to learn that the
 * target traces at all, and once after it.
 */
public final class TraceFetch {

    /** Time for the target to answer: it drains and writes every record, a few megabytes for a long run. */
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private TraceFetch() {
    }

    /** Why a fetch failed, in a sentence for the summary and stderr. */
    public static final class TraceUnavailable extends Exception {
        TraceUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** @return {@code http://host:port/trace} of the run's URL */
    public static URI uri(TargetUrl url) {
        String host = url.host().contains(":") ? "[" + url.host() + "]" : url.host();
        return URI.create("http://" + host + ":" + url.port() + TraceField.PATH);
    }

    /**
     * @return the target's records since its last {@code /trace}
     * @throws TraceUnavailable if the target does not answer, answers anything but 200 (a 404: it was
     *                          started without tracing), or answers what is not a trace
     */
    public static TargetTrace fetch(TargetUrl url) throws TraceUnavailable, InterruptedException {
        URI uri = uri(url);
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build()) {
            HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() == 404) {
                throw new TraceUnavailable("the target answered 404 to GET " + uri + ": it does not trace (start it with "
                        + "./workbench target ... --trace)", null);
            }
            if (response.statusCode() != 200) {
                throw new TraceUnavailable("the target answered " + response.statusCode() + " to GET " + uri, null);
            }
            return TargetTrace.parse(response.body());
        } catch (IOException x) {
            throw new TraceUnavailable("GET " + uri + " failed: " + x, x);
        } catch (IllegalArgumentException x) {
            throw new TraceUnavailable("GET " + uri + " did not answer a trace: " + x.getMessage(), x);
        }
    }
}
