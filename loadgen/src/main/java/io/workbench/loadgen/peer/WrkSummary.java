package io.workbench.loadgen.peer;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines wrk and wrk2 both end with:
 * <pre>
 *   111858 requests in 3.02s, 11.31MB read
 *   Socket errors: connect 0, read 0, write 0, timeout 18     (only when there were some)
 *   Non-2xx or 3xx responses: 222922                          (only when there were some)
 * Requests/sec:  36987.65
 * Transfer/sec:      3.74MB
 * </pre>
 * The requests line, requests/s and transfer/s must be there; a line that starts like one of these
 * but does not read as one is not understood, never skipped.
 *
 * @param requests   requests completed
 * @param elapsed    the time wrk measured over
 * @param read       bytes read
 * @param requestsPerSecond  as wrk printed it
 * @param transferPerSecond  bytes per second
 * @param socketErrors       connect, read, write and timeout errors
 * @param non2xx3xx          answers whose status was neither 2xx nor 3xx
 */
public record WrkSummary(long requests, Duration elapsed, double read, double requestsPerSecond,
        double transferPerSecond, SocketErrors socketErrors, long non2xx3xx) {

    private static final Pattern REQUESTS = Pattern.compile("\\s*(\\d+) requests in (\\S+), (\\S+) read\\s*");
    private static final Pattern SOCKET_ERRORS =
            Pattern.compile("\\s*Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)\\s*");
    private static final Pattern NON_2XX_3XX = Pattern.compile("\\s*Non-2xx or 3xx responses: (\\d+)\\s*");
    private static final Pattern REQUESTS_PER_SECOND = Pattern.compile("Requests/sec:\\s+(\\d+(?:\\.\\d+)?)\\s*");
    private static final Pattern TRANSFER_PER_SECOND = Pattern.compile("Transfer/sec:\\s+(\\S+)\\s*");

    /** Socket errors and non-2xx/3xx answers together: every request that did not get a good answer. */
    public long errors() {
        return socketErrors.total() + non2xx3xx;
    }

    static WrkSummary parse(List<String> lines, String tool) {
        Matcher requests = null;
        Matcher socketErrors = null;
        Matcher non2xx3xx = null;
        Matcher requestsPerSecond = null;
        Matcher transferPerSecond = null;
        for (String line : lines) {
            String stripped = line.strip();
            if (stripped.contains(" requests in ")) {
                requests = expect(REQUESTS, line, tool);
            } else if (stripped.startsWith("Socket errors:")) {
                socketErrors = expect(SOCKET_ERRORS, line, tool);
            } else if (stripped.startsWith("Non-2xx or 3xx responses:")) {
                non2xx3xx = expect(NON_2XX_3XX, line, tool);
            } else if (stripped.startsWith("Requests/sec:")) {
                requestsPerSecond = expect(REQUESTS_PER_SECOND, line, tool);
            } else if (stripped.startsWith("Transfer/sec:")) {
                transferPerSecond = expect(TRANSFER_PER_SECOND, line, tool);
            }
        }
        String begins = lines.isEmpty() ? "it is empty" : "it begins '" + lines.getFirst().strip() + "'";
        if (requests == null) {
            throw new UnreadableOutputException(tool, "no 'N requests in T, B read' line (" + begins + ")");
        }
        if (requestsPerSecond == null) {
            throw new UnreadableOutputException(tool, "no 'Requests/sec:' line (" + begins + ")");
        }
        if (transferPerSecond == null) {
            throw new UnreadableOutputException(tool, "no 'Transfer/sec:' line (" + begins + ")");
        }
        return new WrkSummary(
                Long.parseLong(requests.group(1)),
                read(requests, 2, PrintedDuration::parse, tool),
                read(requests, 3, PrintedBytes::parse, tool),
                Double.parseDouble(requestsPerSecond.group(1)),
                read(transferPerSecond, 1, PrintedBytes::parse, tool),
                socketErrors == null ? SocketErrors.NONE : new SocketErrors(
                        Long.parseLong(socketErrors.group(1)), Long.parseLong(socketErrors.group(2)),
                        Long.parseLong(socketErrors.group(3)), Long.parseLong(socketErrors.group(4))),
                non2xx3xx == null ? 0 : Long.parseLong(non2xx3xx.group(1)));
    }

    private static Matcher expect(Pattern pattern, String line, String tool) {
        Matcher m = pattern.matcher(line);
        if (!m.matches()) {
            throw new UnreadableOutputException(tool, "not understood", line);
        }
        return m;
    }

    private static <T> T read(Matcher matcher, int group, Function<String, T> parser, String tool) {
        try {
            return parser.apply(matcher.group(group));
        } catch (IllegalArgumentException e) {
            throw new UnreadableOutputException(tool, e.getMessage(), matcher.group());
        }
    }
}
