package io.workbench.iocore.http.client;

import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.RequestGenerator;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * What to send: method, target, fields, an optional body, whether the connection may be reused
 * after it, and its timeout. Immutable once built, so one instance serves any number of sends on
 * any number of connections at once (a load generator builds its requests once).
 *
 * <p>Everything is checked when the request is built, by writing its head once with the same
 * {@link RequestGenerator} the connection uses: a bad target, field name or value fails here, with
 * the generator's message, not later on a selector thread.
 *
 * <p>One field may be <em>numbered</em> ({@link Builder#numberedField}): its value is a number given
 * with each send ({@link HttpClientConnection#send(HttpRequest, HttpResponseListener, long, long)}),
 * such as an id that lets a server's records be joined to the client's. It is written as
 * {@value #NUMBER_DIGITS} zero-padded digits in place of a placeholder of the same width, so the
 * head keeps one size, is still generated and checked as built, and no send allocates.
 */
public final class HttpRequest {

    /** The client's default timeout applies. */
    public static final long DEFAULT_TIMEOUT = -1;
    /** The request never times out (the connection's other failures still end it). */
    public static final long NO_TIMEOUT = 0;

    private static final int MAX_HEAD_BYTES = 64 * 1024;
    /** The width of a numbered field's value: every non-negative long fits. */
    public static final int NUMBER_DIGITS = 19;
    private static final String NUMBER_PLACEHOLDER = "0".repeat(NUMBER_DIGITS);
    /** Stands for the connection's authority when checking a request whose Host comes from the connection. */
    private static final String SAMPLE_HOST = "127.0.0.1:80";

    private final HttpMethod method;
    private final String target;
    private final String host;
    private final HttpFields fields;
    private final byte[] body;
    private final boolean persistent;
    private final long timeoutMillis;
    private final int headBytesWithoutHost;
    /** The numbered field's name, or null if the request has none. */
    private final String numberedField;
    /** Where the numbered field's value begins in the head, the Host value's length not counted; -1 without one. */
    private final int numberOffsetWithoutHost;

    private HttpRequest(Builder builder) {
        this.method = builder.method;
        this.target = builder.target;
        this.host = builder.host;
        this.numberedField = builder.numberedField;
        this.fields = copy(builder.fields, numberedField);
        this.body = builder.body;
        this.persistent = builder.persistent;
        this.timeoutMillis = builder.timeoutMillis;
        String sampleHost = host != null ? host : SAMPLE_HOST;
        ByteBuffer head = measureHead(sampleHost);
        this.headBytesWithoutHost = head.position() - sampleHost.length();
        this.numberOffsetWithoutHost = numberedField == null ? -1 : numberOffset(head, numberedField) - sampleHost.length();
    }

    /**
     * The builder may go on adding fields after build(): the request keeps its own copy, with the
     * numbered field last, its value the placeholder.
     */
    private static HttpFields copy(HttpFields fields, String numberedField) {
        if (fields == null && numberedField == null) {
            return null;
        }
        HttpFields copy = new HttpFields();
        for (int i = 0; fields != null && i < fields.size(); i++) {
            copy.add(fields.name(i), fields.value(i));
        }
        if (numberedField != null) {
            copy.add(numberedField, NUMBER_PLACEHOLDER);
        }
        return copy;
    }

    /** Where the value of the numbered field {@code name} begins in {@code head} (written from 0 to its position). */
    private static int numberOffset(ByteBuffer head, String name) {
        byte[] line = ("\r\n" + name + ": " + NUMBER_PLACEHOLDER + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] bytes = head.array();
        // The last such line is ours: the numbered field is added after every other field.
        for (int at = head.position() - line.length; at >= 0; at--) {
            if (Arrays.equals(bytes, at, at + line.length, line, 0, line.length)) {
                return at + line.length - 2 - NUMBER_DIGITS;
            }
        }
        throw new IllegalStateException("the numbered field " + name + " is not in the head it was written into");
    }

    /** A GET of {@code target} (e.g. {@code /hello?wait=10}) with the client's defaults. */
    public static HttpRequest get(String target) {
        return builder(HttpMethod.GET, target).build();
    }

    /** A request to build: {@code target} in origin form (e.g. {@code /hello}) or absolute form. */
    public static Builder builder(HttpMethod method, String target) {
        return new Builder(method, target);
    }

    /** Writes the head once, to check everything the generator checks and to learn its size: returns it, written up to its position. */
    private ByteBuffer measureHead(String sampleHost) {
        RequestGenerator generator = new RequestGenerator();
        for (int capacity = 1024; ; capacity *= 2) {
            ByteBuffer scratch = ByteBuffer.allocate(capacity);
            try {
                writeHead(generator, scratch, sampleHost);
                return scratch;
            } catch (BufferOverflowException x) {
                if (capacity >= MAX_HEAD_BYTES) {
                    throw new IllegalArgumentException("the head of " + method + " " + target + " is larger than "
                            + MAX_HEAD_BYTES + " bytes");
                }
            }
        }
    }

    /** Writes the request line and header section with {@code generator}, which must be idle; a numbered field's value is 0. */
    void writeHead(RequestGenerator generator, ByteBuffer out, String connectionAuthority) {
        generator.writeHead(out, method, target, host != null ? host : connectionAuthority, fields,
                body == null ? 0 : body.length, persistent);
    }

    /**
     * Writes the head as {@link #writeHead(RequestGenerator, ByteBuffer, String)} does, then the
     * numbered field's value, {@code number}, over its placeholder (nothing without a numbered field).
     *
     * @param number a value >= 0
     */
    void writeHead(RequestGenerator generator, ByteBuffer out, String connectionAuthority, long number) {
        int start = out.position();
        writeHead(generator, out, connectionAuthority);
        if (numberOffsetWithoutHost >= 0) {
            int end = start + numberOffsetWithoutHost + (host != null ? host.length() : connectionAuthority.length()) + NUMBER_DIGITS;
            long rest = number;
            for (int at = end - 1; rest != 0; at--) {
                out.put(at, (byte) ('0' + rest % 10));
                rest /= 10;
            }
        }
    }

    /** @return the size of the head when the connection's authority is {@code authority} */
    int headBytes(String authority) {
        return headBytesWithoutHost + (host != null ? host.length() : authority.length());
    }

    public HttpMethod method() {
        return method;
    }

    /** @return the name of the field whose value each send gives ({@link Builder#numberedField}), or null */
    public String numberedField() {
        return numberedField;
    }

    /**
     * @return whether its method is idempotent (RFC 9110, section 9.2.2: GET, HEAD, PUT, DELETE,
     *         OPTIONS, TRACE): sending it twice has the effect of sending it once, so a client may
     *         send it again on its own after a connection failed under it
     */
    public boolean isIdempotent() {
        return switch (method) {
            case GET, HEAD, PUT, DELETE, OPTIONS, TRACE -> true;
            case POST, PATCH, CONNECT -> false;
        };
    }

    public String target() {
        return target;
    }

    /** @return the Host this request names, or null to use the connection's {@code address:port} */
    public String host() {
        return host;
    }

    /** @return the body's length in bytes; 0 without a body */
    public int contentLength() {
        return body == null ? 0 : body.length;
    }

    /** Copies up to {@code out.remaining()} body bytes from {@code offset}; @return how many */
    int copyBody(int offset, ByteBuffer out) {
        int length = Math.min(body.length - offset, out.remaining());
        out.put(body, offset, length);
        return length;
    }

    /** @return false if the request asks the server to close the connection after its response */
    public boolean isPersistent() {
        return persistent;
    }

    /** @return the timeout in milliseconds, {@link #DEFAULT_TIMEOUT} or {@link #NO_TIMEOUT} */
    public long timeoutMillis() {
        return timeoutMillis;
    }

    @Override
    public String toString() {
        return method + " " + target;
    }

    /** Builds an {@link HttpRequest}; not thread-safe. */
    public static final class Builder {
        private final HttpMethod method;
        private final String target;
        private String host;
        private HttpFields fields;
        private String numberedField;
        private byte[] body;
        private boolean persistent = true;
        private long timeoutMillis = DEFAULT_TIMEOUT;

        private Builder(HttpMethod method, String target) {
            this.method = Objects.requireNonNull(method, "method");
            this.target = Objects.requireNonNull(target, "target");
            if (method == HttpMethod.CONNECT) {
                throw new IllegalArgumentException("CONNECT opens a tunnel, which this client does not do");
            }
        }

        /** The Host field; by default the connection's remote {@code address:port}. */
        public Builder host(String value) {
            this.host = Objects.requireNonNull(value, "host");
            return this;
        }

        /** Adds a field; Host, Content-Length, Transfer-Encoding and Connection are the client's and refused. */
        public Builder field(String name, String value) {
            fields().add(name, value);
            return this;
        }

        /** Adds a field with a known name; see {@link #field(String, String)}. */
        public Builder field(HttpHeader header, String value) {
            fields().add(header, value);
            return this;
        }

        /**
         * A field whose value is the number each send gives (0 for a send that gives none):
         * {@link HttpRequest#NUMBER_DIGITS} zero-padded decimal digits, written after the other fields.
         * At most one; its name is checked as any field's.
         */
        public Builder numberedField(String name) {
            if (numberedField != null) {
                throw new IllegalStateException("the request already has a numbered field, " + numberedField);
            }
            this.numberedField = Objects.requireNonNull(name, "name");
            return this;
        }

        private HttpFields fields() {
            if (fields == null) {
                fields = new HttpFields();
            }
            return fields;
        }

        /** The body, sent with a Content-Length; the array is copied. */
        public Builder body(byte[] value) {
            this.body = value.clone();
            return this;
        }

        /** The body as UTF-8, sent with a Content-Length. */
        public Builder body(String value) {
            this.body = value.getBytes(StandardCharsets.UTF_8);
            return this;
        }

        /** Asks the server to close the connection after the response ({@code Connection: close}). */
        public Builder close() {
            this.persistent = false;
            return this;
        }

        /**
         * @param millis how long after {@code send} the response must be complete: > 0, or
         *               {@link HttpRequest#NO_TIMEOUT}, or {@link HttpRequest#DEFAULT_TIMEOUT} for the client's
         */
        public Builder timeoutMillis(long millis) {
            if (millis < DEFAULT_TIMEOUT) {
                throw new IllegalArgumentException("timeout must be > 0 ms, NO_TIMEOUT or DEFAULT_TIMEOUT; was " + millis);
            }
            this.timeoutMillis = millis;
            return this;
        }

        /**
         * @throws IllegalArgumentException if the generator refuses the head (bad characters in the
         *                                  target or host, a framing field among the fields) or
         *                                  it is larger than 64 KiB
         */
        public HttpRequest build() {
            return new HttpRequest(this);
        }
    }
}
