/**
 * HTTP/1.1 as bytes: an incremental, strict parser for requests and responses, and the generators
 * that write them, over {@link java.nio.ByteBuffer}s only (no sockets, no threads).
 *
 * <ul>
 *   <li>{@link io.workbench.iocore.http.HttpParser} reads whatever bytes have arrived, reports the
 *       head, the content and the end of each message to a
 *       {@link io.workbench.iocore.http.HttpParser.Handler}, stops at the end of every message so
 *       that the connection decides when to parse a pipelined one, and refuses bad input with a
 *       {@link io.workbench.iocore.http.BadMessageException} that carries the status to answer.
 *       {@link io.workbench.iocore.http.HttpLimits} bounds what it accepts.</li>
 *   <li>{@link io.workbench.iocore.http.ResponseGenerator} (server) and
 *       {@link io.workbench.iocore.http.RequestGenerator} (client) write a head into a buffer and
 *       the framing around content that is never copied, for a single gather write.</li>
 *   <li>{@link io.workbench.iocore.http.HttpFields} holds fields as bytes, decoded on demand;
 *       {@link io.workbench.iocore.http.HttpMethod}, {@link io.workbench.iocore.http.HttpVersion}
 *       and {@link io.workbench.iocore.http.HttpHeader} are recognised without allocation.</li>
 * </ul>
 */
package io.workbench.iocore.http;
