package io.workbench.iocore.http.client;

import io.workbench.iocore.http.HttpFields;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * The listener behind {@link HttpClientConnection#send(HttpRequest)}: copies the head, the body
 * and the trailers out of the connection and completes itself, a future, with the response or the
 * failure. One per request: it allocates, which is what the future form is for.
 */
final class ResponseCollector extends CompletableFuture<HttpResponse> implements HttpResponseListener {

    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private HttpFields fields;

    @Override
    public void onHead(HttpExchange exchange) {
        fields = copy(exchange.fields());
    }

    @Override
    public void onContent(HttpExchange exchange, ByteBuffer content) {
        byte[] bytes = new byte[content.remaining()];
        content.get(bytes);
        body.write(bytes, 0, bytes.length);
    }

    @Override
    public void onComplete(HttpExchange exchange) {
        if (!exchange.isSucceeded()) {
            completeExceptionally(exchange.failure());
            return;
        }
        try {
            complete(new HttpResponse(exchange.status(), exchange.version(), fields, copy(exchange.trailers()), body.toByteArray(),
                    exchange.sentNanos(), exchange.completedNanos()));
        } catch (RuntimeException x) {
            // Whatever went wrong copying, the future must not be left pending.
            completeExceptionally(x);
        }
    }

    private static HttpFields copy(HttpFields from) {
        HttpFields copy = new HttpFields();
        for (int i = 0; i < from.size(); i++) {
            copy.add(from.name(i), from.value(i));
        }
        return copy;
    }
}
