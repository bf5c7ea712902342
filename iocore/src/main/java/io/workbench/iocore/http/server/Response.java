package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpStatus;
import io.workbench.iocore.http.HttpVersion;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The response a {@link Handler} writes: a status, fields, and content in one or more
 * {@link #write} calls. The first write commits the head; head and content go out together in one
 * gather write. Framing and persistence are the server's: the fields must not hold
 * Content-Length, Transfer-Encoding or Connection. When the content length is not set, a single
 * {@code write(true, content, cb)} sends Content-Length of that content; a response written in
 * several pieces is chunked (or, to an HTTP/1.0 client, delimited by closing the connection).
 *
 * <p>One per connection, reused for each request on it, valid until the handler's callback
 * completes. One write at a time: the next may start once the previous callback has been called.
 */
public final class Response {

    /**
     * The most pieces one {@link #write(boolean, ByteBuffer[], int, int, Callback)} takes: 1,022,
     * so that a write of Content-Length content is one {@code writev} (which takes 1,024 buffers)
     * even with the pipelined responses held before it and the head in front; with chunked framing
     * each piece after the first has its chunk-size line in front, and a write of more than 1,024
     * buffers is two system calls. Enough pieces for a streaming writer to fill the 896 KiB
     * {@linkplain GatheringContentWriter#DEFAULT_HIGH_WATER mark} with chunks of 1 KiB (896 of them).
     */
    public static final int MAX_PIECES_PER_WRITE = 1022;

    private final ResponseFlusher flusher;
    private final HttpFields fields = new HttpFields();
    private int status = HttpStatus.OK;
    private long contentLength = -1;
    private boolean committed;
    private boolean lastWritten;
    // Of the request being answered, set by the connection.
    private HttpMethod requestMethod = HttpMethod.GET;
    private HttpVersion requestVersion = HttpVersion.HTTP_1_1;
    private boolean persistent = true;

    Response(ResponseFlusher flusher) {
        this.flusher = flusher;
    }

    public int getStatus() {
        return status;
    }

    /**
     * @throws IllegalStateException once the head is committed
     * @throws IllegalArgumentException unless {@code status} is in [200, 599] (interim responses are not supported)
     */
    public void setStatus(int status) {
        requireNotCommitted();
        if (status < 200 || !HttpStatus.isValid(status)) {
            throw new IllegalArgumentException("status must be in [200, 599], was " + status);
        }
        this.status = status;
    }

    /** @return the fields to send; changes after the head is committed are not sent */
    public HttpFields fields() {
        return fields;
    }

    /** @return the content length set, or -1 */
    public long getContentLength() {
        return contentLength;
    }

    /** Announces the length of the content, to send Content-Length when it is written in several pieces. */
    public void setContentLength(long contentLength) {
        requireNotCommitted();
        if (contentLength < -1) {
            throw new IllegalArgumentException("contentLength must be >= 0, or -1 when unknown; was " + contentLength);
        }
        this.contentLength = contentLength;
    }

    /** @return true once the first write has started sending the head */
    public boolean isCommitted() {
        return committed;
    }

    /** @return true once the last write has been started */
    public boolean isLastWritten() {
        return lastWritten;
    }

    /**
     * Writes {@code content} (from its position to its limit; the position advances as bytes are
     * written, so a buffer shared between responses must be a duplicate per write), preceded by the
     * head if this is the first write, and followed by the end of the message if {@code last}.
     * {@code callback} completes when every byte has been written (or failed), perhaps inside this
     * call. The caller must leave {@code content} alone until then.
     *
     * @param content may be null for no content
     * @throws java.nio.channels.WritePendingException if the previous write has not completed
     */
    public void write(boolean last, ByteBuffer content, Callback callback) {
        if (lastWritten) {
            callback.failed(new IllegalStateException("the response is complete; nothing more may be written"));
            return;
        }
        flusher.write(last, content, callback);
    }

    /**
     * Writes {@code length} pieces of content, {@code content[offset]} first, in one gather write
     * (preceded by the head if this is the first write, followed by the end of the message if
     * {@code last}), as {@link #write(boolean, ByteBuffer, Callback)} writes one: each piece from
     * its position to its limit, never copied, the caller leaving the pieces and the array alone
     * until {@code callback} completes. With chunked framing each non-empty piece is a chunk of its
     * own, so the pieces keep their sizes on the wire; with Content-Length they are simply
     * consecutive. A streaming writer gathers the chunks it has ready into one write this way: one
     * system call for several chunks.
     *
     * @throws IndexOutOfBoundsException unless {@code [offset, offset + length)} is within {@code content}
     * @throws IllegalArgumentException  if {@code length} is more than {@link #MAX_PIECES_PER_WRITE}
     * @throws NullPointerException      if a piece is null
     * @throws java.nio.channels.WritePendingException if the previous write has not completed
     */
    public void write(boolean last, ByteBuffer[] content, int offset, int length, Callback callback) {
        Objects.checkFromIndexSize(offset, length, content.length);
        if (length > MAX_PIECES_PER_WRITE) {
            throw new IllegalArgumentException("at most " + MAX_PIECES_PER_WRITE + " pieces per write, got " + length);
        }
        for (int i = offset; i < offset + length; i++) {
            Objects.requireNonNull(content[i], "piece");
        }
        if (lastWritten) {
            callback.failed(new IllegalStateException("the response is complete; nothing more may be written"));
            return;
        }
        flusher.write(last, content, offset, length, callback);
    }

    // --- for the connection and the flusher --------------------------------------------------

    /** Resets for the request that is about to be handled. */
    void prepare(HttpMethod method, HttpVersion version, boolean persistent) {
        status = HttpStatus.OK;
        fields.clear();
        contentLength = -1;
        committed = false;
        lastWritten = false;
        requestMethod = method;
        requestVersion = version;
        this.persistent = persistent;
    }

    /** The exchange is over: drop what a long-idle connection should not hold. */
    void recycle() {
        fields.clear();
    }

    /** The flusher started the write that carries the head. */
    void committed() {
        committed = true;
    }

    /** The flusher accepted the last write. */
    void lastWritten() {
        lastWritten = true;
    }

    /** Keep-alive is off for this response (the server closes the connection after it). */
    void closeAfter() {
        persistent = false;
    }

    HttpMethod requestMethod() {
        return requestMethod;
    }

    HttpVersion requestVersion() {
        return requestVersion;
    }

    boolean requestPersistent() {
        return persistent;
    }

    /** @return whether the connection may carry another request once this response is complete */
    boolean isPersistent() {
        return flusher.isPersistent();
    }

    private void requireNotCommitted() {
        if (committed) {
            throw new IllegalStateException("the response head is already committed");
        }
    }

    @Override
    public String toString() {
        return "Response@" + Integer.toHexString(hashCode()) + "[" + status + (committed ? ",COMMITTED" : "")
                + (lastWritten ? ",LAST" : "") + ",fields=" + fields.size() + "," + flusher + "]";
    }
}
