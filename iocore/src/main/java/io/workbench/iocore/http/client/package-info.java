/**
 * iocore's HTTP/1.1 client, on the selector layer and the HTTP parser and generator: keep-alive,
 * pipelining, every way a response body can be delimited, and every accepted request ended
 * exactly once, with its response or with a failure whose kind says what happened.
 *
 * <p>{@link io.workbench.iocore.http.client.HttpClient} opens
 * {@link io.workbench.iocore.http.client.HttpClientConnection}s; a connection sends
 * {@link io.workbench.iocore.http.client.HttpRequest}s either as futures of an
 * {@link io.workbench.iocore.http.client.HttpResponse} (convenient) or to an
 * {@link io.workbench.iocore.http.client.HttpResponseListener} with no allocation per request (for
 * the load generator), and fails requests with an
 * {@link io.workbench.iocore.http.client.HttpClientException}.
 */
package io.workbench.iocore.http.client;
