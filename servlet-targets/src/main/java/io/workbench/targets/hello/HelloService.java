package io.workbench.targets.hello;

import io.workbench.iocore.hello.HelloProtocol;
import io.workbench.iocore.hello.RequestStats;

/**
 * The hello contract ({@link HelloProtocol}) run over any server: routes a request, counts it in
 * {@link RequestStats} and lets the {@link Strategy} time the answer. One instance per running
 * target; thread-safe (its state is the counters).
 *
 * <p>What is counted: {@code GET /hello} requests, started when the handler begins one and
 * completed when its response (the {@code 200}, or the {@code 400} for a bad {@code wait}) has
 * been written or has failed. {@code /stats} and {@code 404} answers are not counted, so reading
 * the counters never changes them, and a snapshot taken when all hello responses are in shows
 * {@code started == completed}.
 */
public final class HelloService {

    private static final String GET = "GET";

    private final Strategy strategy;
    private final long defaultWaitMillis;
    private final RequestStats stats;
    /** Created once: the hook every counted response runs when it is finished. */
    private final Runnable completed;

    public HelloService(Strategy strategy, long defaultWaitMillis, RequestStats stats) {
        if (defaultWaitMillis < 0 || defaultWaitMillis > HelloProtocol.MAX_WAIT_MILLIS) {
            throw new IllegalArgumentException("default wait must be in [0, " + HelloProtocol.MAX_WAIT_MILLIS + "] ms, was " + defaultWaitMillis);
        }
        this.strategy = strategy;
        this.defaultWaitMillis = defaultWaitMillis;
        this.stats = stats;
        this.completed = stats::completed;
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
        } else if (get && HelloProtocol.STATS_PATH.equals(path)) {
            exchange.send(Reply.stats(stats.toJson()), null);
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
        strategy.respond(exchange, waitMillis, completed);
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

    @Override
    public String toString() {
        return "HelloService[" + strategy + ", wait=" + defaultWaitMillis + "ms, " + stats + "]";
    }
}
