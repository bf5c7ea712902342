package io.workbench.iocore.http.client;

import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/**
 * A complete response, copied out of the connection: what
 * {@link HttpClientConnection#send(HttpRequest)} completes with. Convenient for tests and tools; a
 * load generator uses the allocation-free {@link HttpResponseListener} instead.
 *
 * @param status         the status code of the final response
 * @param version        the version the server answered with
 * @param fields         the header fields, a copy owned by this response
 * @param trailers       the trailer fields of a chunked body (empty otherwise), a copy
 * @param body           the content, without any chunked framing
 * @param sentNanos      {@link System#nanoTime()} when the request's first bytes were handed to the socket
 * @param completedNanos {@link System#nanoTime()} when the response was complete
 */
public record HttpResponse(int status, HttpVersion version, HttpFields fields, HttpFields trailers, byte[] body,
                           long sentNanos, long completedNanos) {

    /** @return the body decoded as UTF-8 */
    public String bodyAsString() {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "HttpResponse[" + version + " " + status + "," + fields + ",body=" + body.length + " bytes"
                + (trailers.isEmpty() ? "" : ",trailers=" + trailers) + "]";
    }
}
