package io.workbench.iocore.http.server;

import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpParser;
import io.workbench.iocore.http.HttpVersion;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The request a {@link Handler} is given: what the connection's parser read, seen through the
 * parser's accessors (nothing is copied or decoded until asked), and the content, read whole
 * before the handler is called.
 *
 * <p>One per connection, reused for each request on it: valid from {@code handle()} until the
 * handler's callback completes. The content is gathered into an array bounded by
 * {@link io.workbench.iocore.http.HttpLimits#maxContentLength()} (a larger request was already
 * refused with 413); a request without content costs nothing here.
 */
public final class Request {

    private static final byte[] NO_CONTENT = {};
    private static final int PRESIZE_LIMIT = 64 * 1024;
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer();

    private final HttpConnection connection;
    private final HttpParser parser;
    private byte[] content = NO_CONTENT;
    private int contentLength;
    /** When the read that brought the request's first byte returned, or 0 (not asked for, or not begun). */
    private long beginNanos;

    Request(HttpConnection connection, HttpParser parser) {
        this.connection = connection;
        this.parser = parser;
    }

    /** @return the request method */
    public HttpMethod method() {
        return parser.method();
    }

    /** @return the request-target as received, e.g. {@code /hello?wait=10} */
    public String target() {
        return parser.target();
    }

    /** @return the path of the target, not percent-decoded, e.g. {@code /hello} */
    public String path() {
        return parser.path();
    }

    /** @return the query of the target without {@code ?}, not decoded, or null if it has none */
    public String query() {
        return parser.query();
    }

    public HttpVersion version() {
        return parser.version();
    }

    /** @return the header fields */
    public HttpFields fields() {
        return parser.fields();
    }

    /** @return whether the client may send another request on this connection after this one */
    public boolean isPersistent() {
        return parser.isPersistent();
    }

    /** @return the content (empty if none): a read-only view, valid until the callback completes */
    public ByteBuffer content() {
        return contentLength == 0 ? EMPTY : ByteBuffer.wrap(content, 0, contentLength).asReadOnlyBuffer();
    }

    /** @return the number of content bytes */
    public int contentLength() {
        return contentLength;
    }

    /**
     * @return the {@link System#nanoTime()} at which the read that brought this request's first byte
     *         returned (for a pipelined request, the read that brought it with the one before); 0 unless
     *         the handler {@linkplain Handler#wantsBeginNanos() wants it}
     */
    public long beginNanos() {
        return beginNanos;
    }

    /** The connection begins to parse this request, whose first byte came with the read of {@code readNanos}. */
    void begin(long readNanos) {
        beginNanos = readNanos;
    }

    /** @return the connection the request came on */
    public HttpConnection getConnection() {
        return connection;
    }

    public InetSocketAddress getRemoteAddress() {
        return connection.getEndPoint().getRemoteAddress();
    }

    public InetSocketAddress getLocalAddress() {
        return connection.getEndPoint().getLocalAddress();
    }

    /**
     * The head is complete: sizes the content array for what Content-Length announces, up to
     * {@link #PRESIZE_LIMIT}; beyond that it grows as bytes really arrive, so that a client that
     * announces megabytes and sends nothing costs nothing.
     */
    void onHead() {
        long announced = parser.contentLength();
        if (announced > 0) {
            content = new byte[(int) Math.min(announced, PRESIZE_LIMIT)];
        }
    }

    /** A piece of content arrived (chunked framing removed); the parser's limit bounds the total. */
    void onContent(ByteBuffer piece) {
        int length = piece.remaining();
        if (contentLength + length > content.length) {
            content = Arrays.copyOf(content, Math.max(contentLength + length, Math.max(256, content.length * 2)));
        }
        piece.get(content, contentLength, length);
        contentLength += length;
    }

    /** The exchange is over: drop the content so that an idle connection holds none. */
    void recycle() {
        content = NO_CONTENT;
        contentLength = 0;
        beginNanos = 0;
    }

    @Override
    public String toString() {
        return "Request@" + Integer.toHexString(hashCode()) + "[" + (parser.isHeadComplete()
                ? parser.method() + " " + parser.target() + " " + parser.version() + ",content=" + contentLength
                : "no head") + "]";
    }
}
