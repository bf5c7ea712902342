package io.workbench.targets.hello;

import io.workbench.iocore.hello.HelloProtocol;
import io.workbench.iocore.hello.RequestStats;

/**
 * The hello contract ({@link HelloProtocol}) and the streaming contract ({@link StreamBody}) run
 * over any server: routes a request, counts it and lets the {@link Strategy} time the answer or
 * write the stream. One instance per running target; thread-safe (its state is the counters).
 *
 * <p>What is counted: {@code GET /hello} requests in {@link RequestStats}, started when the handler
 * begins one and completed when its response (the {@code 200}, or the {@code 400} for a bad
 * {@code wait}) has been written or has failed; {@code GET /stream} responses in
 * {@link StreamStats} (streams started and finished, body bytes written). {@code /stats}, a
 * {@code 400} for a bad stream request and {@code 404} answers are not counted, so reading the
 * counters never changes them, and a snapshot taken when all responses are in shows
 * {@code started == completed}.
 */
public final class HelloService {

    private static final String GET = "GET";

    private final Strategy strategy;
    private final long defaultWaitMillis;
    private final RequestStats stats;
    private final StreamStats streams = new StreamStats();
    private final Handoffs handoffs;
    /** Created once: the hooks every counted response runs when it is finished. */
    private final Runnable completed;
    private final Runnable streamCompleted;

    /** A service whose asynchronous hand-offs run at once (no sweep), with pools made for {@code strategy}. */
    public HelloService(Strategy strategy, long defaultWaitMillis, RequestStats stats) {
        this(strategy, defaultWaitMillis, stats, Handoffs.immediate(strategy));
    }

    public HelloService(Strategy strategy, long defaultWaitMillis, RequestStats stats, Handoffs handoffs) {
        if (defaultWaitMillis < 0 || defaultWaitMillis > HelloProtocol.MAX_WAIT_MILLIS) {
            throw new IllegalArgumentException("default wait must be in [0, " + HelloProtocol.MAX_WAIT_MILLIS + "] ms, was " + defaultWaitMillis);
        }
        this.strategy = strategy;
        this.defaultWaitMillis = defaultWaitMillis;
        this.stats = stats;
        this.handoffs = handoffs;
        this.completed = stats::completed;
        this.streamCompleted = streams::completed;
    }

    /**
     * Handles one request.
     *
     * @param method the request method, e.g. {@code GET}
     * @param path   the decoded path, without the query
     * @param query  the raw query without {@code ?}, or null
     */
    public void handle(String method, String path, String query, HelloExchange exchange) {
        boolean get = GET.equals(method);
        if (get && HelloProtocol.HELLO_PATH.equals(path)) {
            hello(query, exchange);
        } else if (get && StreamBody.PATH.equals(path)) {
            stream(query, exchange);
        } else if (get && HelloProtocol.STATS_PATH.equals(path)) {
            exchange.send(Reply.stats(statsJson()), null);
        } else {
            exchange.send(Reply.NOT_FOUND, null);
        }
    }

    private void hello(String query, HelloExchange exchange) {
        stats.started();
        long waitMillis;
        try {
            waitMillis = HelloProtocol.waitMillis(query, defaultWaitMillis);
        } catch (IllegalArgumentException badWait) {
            exchange.send(Reply.text(400, badWait.getMessage()), completed);
            return;
        }
        strategy.respond(exchange, waitMillis, completed, handoffs);
    }

    private void stream(String query, HelloExchange exchange) {
        StreamBody body;
        try {
            body = StreamBody.parse(query, streams);
        } catch (IllegalArgumentException badRequest) {
            exchange.send(Reply.text(400, badRequest.getMessage()), null);
            return;
        }
        streams.started();
        strategy.stream(exchange, body, streamCompleted, handoffs);
    }

    /**
     * The body of {@code /stats}: {@link RequestStats#toJson()}'s members first, as they were
     * ({@code started}, {@code completed}, {@code inFlight}, {@code maxInFlight}), then the streams'
     * ({@code streams}, {@code streamsInFlight}, {@code streamedBytes}).
     */
    public String statsJson() {
        String hello = stats.toJson();
        return hello.substring(0, hello.length() - 1) + "," + streams.jsonMembers() + "}";
    }

    public Strategy strategy() {
        return strategy;
    }

    public long defaultWaitMillis() {
        return defaultWaitMillis;
    }

    public RequestStats stats() {
        return stats;
    }

    public StreamStats streamStats() {
        return streams;
    }

    /** The target's hand-off machinery; servlet containers schedule their completions on it. */
    public Handoffs handoffs() {
        return handoffs;
    }

    @Override
    public String toString() {
        return "HelloService[" + strategy + ", wait=" + defaultWaitMillis + "ms, " + stats + ", " + streams + "]";
    }
}
