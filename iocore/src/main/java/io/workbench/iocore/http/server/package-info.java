/**
 * An HTTP/1.1 server on the selector layer: {@link io.workbench.iocore.http.server.HttpServer}
 * accepts, an {@link io.workbench.iocore.http.server.HttpConnection} per socket parses requests and
 * hands each one to a {@link io.workbench.iocore.http.server.Handler}
 * ({@code handle(Request, Response, Callback)}, completed from any thread, at any time), and the
 * {@link io.workbench.iocore.http.server.Response} goes out head and content in one gather write.
 * Keep-alive, pipelining (answered in order, one request at a time per connection), bad input
 * answered with its status and a graceful close. A {@link io.workbench.iocore.http.server.GatheringContentWriter}
 * streams content chunk by chunk, several chunks to a write.
 */
package io.workbench.iocore.http.server;
