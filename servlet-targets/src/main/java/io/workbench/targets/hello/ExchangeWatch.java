package io.workbench.targets.hello;

/**
 * What a test may see of, and do to, the {@code /hello} requests a target handles: it is handed
 * each counted request's exchange on the thread the shared handling starts on, before the request
 * is counted, and returns the exchange the strategy is to use: the same one, or a decorator that
 * records on which threads the request is handled and completed, or that fails it on purpose (to
 * drive every path that ends a request). A target started by the command has none, and its
 * requests pay nothing for the possibility.
 */
@FunctionalInterface
public interface ExchangeWatch {

    /**
     * @param exchange the server's exchange of a {@code GET} or {@code HEAD /hello}
     * @param query    the request's raw query, or null
     * @return the exchange to count and answer the request through
     */
    HelloExchange watch(HelloExchange exchange, String query);
}
