package io.workbench.loadgen.peer;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What h2load (nghttp2) printed after its run:
 * <pre>
 * finished in 3.15s, 4866.67 req/s, 503.78KB/s
 * requests: 14600 total, 14650 started, 14600 done, 14600 succeeded, 0 failed, 0 errored, 0 timeout
 * status codes: 14600 2xx, 0 3xx, 0 4xx, 0 5xx
 * </pre>
 * All three lines must be there. h2load counts a request in {@code failed} whenever it did not
 * succeed; {@code errored} (not an HTTP status) is part of {@code failed}, and {@code timeout} part
 * of {@code errored}, so {@link #failed()} alone is the number of requests that went wrong.
 *
 * @param finishedIn         the run's duration
 * @param requestsPerSecond  as h2load printed it
 * @param transferPerSecond  bytes per second
 */
public record H2loadOutput(Duration finishedIn, double requestsPerSecond, double transferPerSecond,
        long total, long started, long done, long succeeded, long failed, long errored, long timeout,
        long status2xx, long status3xx, long status4xx, long status5xx) {

    static final String TOOL = "h2load";

    private static final Pattern FINISHED =
            Pattern.compile("finished in (\\S+), (\\d+(?:\\.\\d+)?) req/s, (\\S+)/s\\s*");
    private static final Pattern REQUESTS = Pattern.compile(
            "requests: (\\d+) total, (\\d+) started, (\\d+) done, (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout\\s*");
    private static final Pattern STATUS_CODES = Pattern.compile("status codes: (\\d+) 2xx, (\\d+) 3xx, (\\d+) 4xx, (\\d+) 5xx\\s*");

    public static H2loadOutput parse(String text) {
        List<String> lines = text.lines().toList();
        Matcher finished = line(lines, "finished in", FINISHED);
        Matcher requests = line(lines, "requests:", REQUESTS);
        Matcher status = line(lines, "status codes:", STATUS_CODES);
        try {
            return new H2loadOutput(PrintedDuration.parse(finished.group(1)), Double.parseDouble(finished.group(2)),
                    PrintedBytes.parse(finished.group(3)),
                    count(requests, 1), count(requests, 2), count(requests, 3), count(requests, 4),
                    count(requests, 5), count(requests, 6), count(requests, 7),
                    count(status, 1), count(status, 2), count(status, 3), count(status, 4));
        } catch (IllegalArgumentException e) {
            throw new UnreadableOutputException(TOOL, e.getMessage(), finished.group());
        }
    }

    /** The line starting with {@code start}, which must read as {@code pattern}. */
    private static Matcher line(List<String> lines, String start, Pattern pattern) {
        for (String line : lines) {
            if (line.startsWith(start)) {
                Matcher m = pattern.matcher(line);
                if (!m.matches()) {
                    throw new UnreadableOutputException(TOOL, "not understood", line);
                }
                return m;
            }
        }
        String begins = lines.isEmpty() ? "it is empty" : "it begins '" + lines.getFirst().strip() + "'";
        throw new UnreadableOutputException(TOOL, "no '" + start + "' line (" + begins + ")");
    }

    private static long count(Matcher m, int group) {
        return Long.parseLong(m.group(group));
    }
}
