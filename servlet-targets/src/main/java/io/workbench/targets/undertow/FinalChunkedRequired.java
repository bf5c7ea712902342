package io.workbench.targets.undertow;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The rule of RFC 9112 section 6.3 that Undertow 2.3 does not apply, in front of both Undertow
 * targets: a request with {@code Transfer-Encoding} whose final coding is not {@code chunked} has
 * a body whose length cannot be determined, and the server must answer {@code 400} and close the
 * connection. Undertow reads such a request as chunked when {@code chunked} appears anywhere in the
 * list ({@code chunked, gzip}), and would answer it and the next request on the connection; the
 * other targets' servers (iocore, Jetty, Netty, Tomcat) refuse it themselves.
 *
 * <p>It runs on the I/O thread before the target's handler and costs a header lookup per request.
 */
final class FinalChunkedRequired implements HttpHandler {

    private static final String CHUNKED = "chunked";
    private static final byte[] REASON = "chunked is not the final transfer coding: the body length cannot be determined"
            .getBytes(StandardCharsets.US_ASCII);

    private final HttpHandler next;

    FinalChunkedRequired(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HeaderValues codings = exchange.getRequestHeaders().get(Headers.TRANSFER_ENCODING);
        if (codings == null || CHUNKED.equalsIgnoreCase(finalCoding(codings))) {
            next.handleRequest(exchange);
            return;
        }
        exchange.setStatusCode(400);
        exchange.setPersistent(false);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, REASON.length);
        exchange.getResponseSender().send(ByteBuffer.wrap(REASON));
    }

    /** The last non-empty element of the list every {@code Transfer-Encoding} field adds to, or "" if none. */
    static String finalCoding(Iterable<String> fields) {
        String last = "";
        for (String field : fields) {
            for (String element : field.split(",")) {
                String coding = element.strip();
                if (!coding.isEmpty()) {
                    last = coding;
                }
            }
        }
        return last;
    }

    @Override
    public String toString() {
        return "FinalChunkedRequired[" + next + "]";
    }
}
