package io.workbench.targets.hello;

import io.workbench.iocore.hello.HelloProtocol;
import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.trace.TraceRecorder;
import java.util.function.Supplier;

/**
 * The hello contract ({@link HelloProtocol}) and the streaming contract ({@link StreamBody}) run
 * over any server: routes a request, counts it and lets the {@link Strategy} time the answer or
 * write the stream. One instance per running target; thread-safe (its state is the counters).
 *
 * <p>Methods (RFC 9110 sections 9.3.2 and 15.5.6): {@code GET} and {@code HEAD} on the
 * contract's three paths; {@code HEAD} is the {@code GET} run through a {@link HeadExchange}, so
 * it gets the same head (status, fields, {@code Content-Length}) and no body, after the same wait,
 * by the same strategy; {@code HEAD /stream} is answered at once with the stream's head and its
 * bytes are never generated. Any other method on those paths is a {@code 405} with
 * {@code Allow: GET, HEAD}; any other path is a {@code 404}, whatever the method.
 *
 * <p>What is counted: {@code GET} and {@code HEAD /hello} requests in {@link RequestStats}, started when the handler
 * begins one and completed when it ends: its response (the {@code 200}, or the {@code 400} for a bad
 * {@code wait}) written or failed, or the server ending it first (a closed connection), whichever
 * comes first, exactly once ({@link HelloExchange#counted}); {@code GET /stream} responses in
 * {@link StreamStats} (streams started and finished, body bytes written). {@code /stats},
 * {@code HEAD /stream}, a {@code 400} for a bad stream request, {@code 404} and {@code 405}
 * answers are not counted, so reading the counters never changes them, and a snapshot taken when
 * all responses are in shows {@code started == completed}.
 */
public final class HelloService {

    private static final String GET = "GET";
    private static final String HEAD = "HEAD";
    /** {@code /stats?resetPeaks}: the peaks start again from now before the counters are read. */
    public static final String RESET_PEAKS = "resetPeaks";

    private final Strategy strategy;
    private final long defaultWaitMillis;
    private final RequestStats stats;
    private final StreamStats streams = new StreamStats();
    private final Handoffs handoffs;
    /** Created once: the hooks every counted request runs when it ends. */
    private final Runnable completed;
    private final Runnable streamCompleted;
    /** What the server itself reports in {@code /stats}, beside the contract's counts; set once it runs. */
    private volatile ServerFigures serverFigures;
    /** A test's watch over the {@code /hello} requests, or null (always, for a target the command starts). */
    private final ExchangeWatch watch;
    /** The trace of the requests that carry a trace id, or null: the target was started without tracing. */
    private final TraceRecorder tracing;

    /** A member of {@code /stats} that one server technology adds about itself. */
    public record ServerFigures(String name, Supplier<String> json) {
    }

    public HelloService(Strategy strategy, long defaultWaitMillis, RequestStats stats, Handoffs handoffs) {
        this(strategy, defaultWaitMillis, stats, handoffs, null);
    }

    /** @param watch a test's watch over the {@code /hello} requests ({@link ExchangeWatch}), or null */
    public HelloService(Strategy strategy, long defaultWaitMillis, RequestStats stats, Handoffs handoffs, ExchangeWatch watch) {
        this(strategy, defaultWaitMillis, stats, handoffs, watch, null);
    }

    /**
     * @param watch   a test's watch over the {@code /hello} requests ({@link ExchangeWatch}), or null
     * @param tracing where the requests that carry a trace id are recorded, or null: none is traced
     *                and {@code /trace} is a 404
     */
    public HelloService(Strategy strategy, long defaultWaitMillis, RequestStats stats, Handoffs handoffs, ExchangeWatch watch,
                        TraceRecorder tracing) {
        if (defaultWaitMillis < 0 || defaultWaitMillis > HelloProtocol.MAX_WAIT_MILLIS) {
            throw new IllegalArgumentException("default wait must be in [0, " + HelloProtocol.MAX_WAIT_MILLIS + "] ms, was " + defaultWaitMillis);
        }
        this.strategy = strategy;
        this.defaultWaitMillis = defaultWaitMillis;
        this.stats = stats;
        this.handoffs = handoffs;
        this.completed = stats::completed;
        this.streamCompleted = streams::completed;
        this.watch = watch;
        this.tracing = tracing;
    }

    /**
     * Handles one request.
     *
     * @param method the request method, e.g. {@code GET}
     * @param path   the decoded path, without the query
     * @param query  the raw query without {@code ?}, or null
     */
    public void handle(String method, String path, String query, HelloExchange exchange) {
        if (TraceRecorder.PATH.equals(path)) {
            trace(method, exchange);
            return;
        }
        HelloExchange answering = exchange;
        if (!GET.equals(method)) {
            if (!HEAD.equals(method)) {
                // The request's body, if any, is the server's to read or drop: every server here
                // does before it reads the next request, or closes the connection.
                exchange.send(isContractPath(path) ? Reply.METHOD_NOT_ALLOWED : Reply.NOT_FOUND);
                return;
            }
            answering = new HeadExchange(exchange);
        }
        if (HelloProtocol.HELLO_PATH.equals(path)) {
            hello(query, answering);
        } else if (StreamBody.PATH.equals(path)) {
            stream(query, answering, answering != exchange);
        } else if (HelloProtocol.STATS_PATH.equals(path)) {
            if (hasParameter(query, RESET_PEAKS)) {
                resetPeaks();
            }
            answering.send(Reply.stats(statsJson()));
        } else {
            answering.send(Reply.NOT_FOUND);
        }
    }

    /**
     * True for the requests a server answers on the thread that read them, before any blocking
     * dispatch ({@code GET} and {@code HEAD /stats}: they only read counters, never block, and must
     * answer while every thread of a blocking pool sleeps). A server calls {@link #handle} for them
     * in place, and hands the others to where its strategy runs them.
     */
    public boolean answeredInPlace(String method, String path) {
        return (HelloProtocol.STATS_PATH.equals(path) || TraceRecorder.PATH.equals(path)) && (GET.equals(method) || HEAD.equals(method));
    }

    /**
     * {@code GET /trace}: the records of the traced requests since the last {@code /trace}
     * ({@link TraceRecorder#drainCsv()}); not counted. Without tracing, a 404 that says so; any other
     * method, a 405 (a {@code HEAD} would drain the records and send none).
     */
    private void trace(String method, HelloExchange exchange) {
        if (tracing == null) {
            exchange.send(Reply.text(404, "not found: tracing is off (start the target with --trace)"));
        } else if (!GET.equals(method)) {
            exchange.send(Reply.TRACE_METHOD_NOT_ALLOWED);
        } else {
            exchange.send(Reply.ok(TraceRecorder.CONTENT_TYPE, tracing.drainCsv()));
        }
    }

    /** @return where the requests that carry a trace id are recorded, or null if the target does not trace */
    public TraceRecorder tracing() {
        return tracing;
    }

    private static boolean isContractPath(String path) {
        return HelloProtocol.HELLO_PATH.equals(path) || StreamBody.PATH.equals(path) || HelloProtocol.STATS_PATH.equals(path);
    }

    private void hello(String query, HelloExchange answering) {
        HelloExchange exchange = watch == null ? answering : watch.watch(answering, query);
        stats.started();
        // Handed over before anything can end the request, so that whoever ends it counts it.
        exchange.counted(completed);
        long waitMillis;
        try {
            waitMillis = HelloProtocol.waitMillis(query, defaultWaitMillis);
        } catch (IllegalArgumentException badWait) {
            exchange.send(Reply.text(400, badWait.getMessage()));
            return;
        }
        strategy.respond(exchange, waitMillis, handoffs);
    }

    private void stream(String query, HelloExchange exchange, boolean head) {
        StreamBody body;
        try {
            body = StreamBody.parse(query, streams);
        } catch (IllegalArgumentException badRequest) {
            exchange.send(Reply.text(400, badRequest.getMessage()));
            return;
        }
        if (head) {
            // Only the head, at once: there is nothing to pace, and no byte is written or counted.
            exchange.send(Reply.headOf(200, StreamBody.CONTENT_TYPE, body.length()));
            return;
        }
        streams.started();
        exchange.counted(streamCompleted);
        strategy.stream(exchange, body, handoffs);
    }

    /**
     * The body of {@code /stats}: {@link RequestStats#toJson()}'s members first, as they were
     * ({@code started}, {@code completed}, {@code inFlight}, {@code maxInFlight}), then the streams'
     * ({@code streams}, {@code streamsInFlight}, {@code streamedBytes}), then the server's own
     * figures if it reports any ({@link #reportServerFigures}), then what the JVM has spent:
     * {@code "jvm":{"allocatedBytes":N,"liveThreads":N,"peakThreads":N}} ({@link JvmFigures}).
     */
    public String statsJson() {
        String hello = stats.toJson();
        ServerFigures figures = serverFigures;
        String server = figures == null ? "" : ",\"" + figures.name() + "\":" + figures.json().get();
        return hello.substring(0, hello.length() - 1) + "," + streams.jsonMembers() + server + ",\"jvm\":" + JvmFigures.json() + "}";
    }

    /**
     * {@code /stats?resetPeaks} (any value, or none): the peaks start again from what is alive now,
     * so that the next reading's peaks belong to what ran since: {@code maxInFlight} becomes the
     * requests in flight now, and the JVM's {@code peakThreads} the platform threads alive now.
     * Totals ({@code started}, {@code completed}, {@code allocatedBytes}...) are never reset.
     */
    public void resetPeaks() {
        stats.resetMaxInFlight();
        JvmFigures.resetPeakThreads();
    }

    /** True if {@code query} holds the parameter {@code name}, with a value or without ({@code a&name&b}, {@code name=1}). */
    static boolean hasParameter(String query, String name) {
        if (query == null) {
            return false;
        }
        for (String parameter : query.split("&")) {
            int equals = parameter.indexOf('=');
            if ((equals < 0 ? parameter : parameter.substring(0, equals)).equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds the server's own figures to {@code /stats} as the member {@code name} (a JSON value),
     * after the contract's members: e.g. iocore's execution-strategy counts, which say whether its
     * selectors ran the requests in place, handed production off or paid a thread hop.
     */
    public void reportServerFigures(String name, Supplier<String> json) {
        this.serverFigures = new ServerFigures(name, json);
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
        return "HelloService[" + strategy + ", wait=" + defaultWaitMillis + "ms, " + stats + ", " + streams
                + (tracing == null ? "" : ", " + tracing) + "]";
    }
}
