package io.workbench.iocore.http;

import java.nio.charset.StandardCharsets;

/**
 * The protocol versions this HTTP/1.1 implementation speaks. Anything else in a request line
 * ({@code HTTP/2.0}, {@code HTTP/1.2}, garbage) is answered {@code 505 HTTP Version Not Supported}.
 * The name is case-sensitive (RFC 9112 section 2.3).
 */
public enum HttpVersion {
    HTTP_1_0("HTTP/1.0"),
    HTTP_1_1("HTTP/1.1");

    /** Every version is exactly this many bytes long. */
    static final int LENGTH = 8;

    private final String text;
    private final byte[] bytes;
    private final long packed;

    HttpVersion(String text) {
        this.text = text;
        this.bytes = text.getBytes(StandardCharsets.US_ASCII);
        this.packed = HttpMethod.pack(bytes);
    }

    /** @return the version as it appears on the wire, e.g. {@code HTTP/1.1} */
    public String asString() {
        return text;
    }

    byte[] bytes() {
        return bytes;
    }

    /**
     * @param packed the first (at most) 8 bytes of a token packed one per 8 bits, first byte highest
     * @param length how many bytes the whole token has
     * @return the version, or null if the token is not one this implementation speaks
     */
    static HttpVersion lookup(long packed, int length) {
        if (length != LENGTH) {
            return null;
        }
        if (packed == HTTP_1_1.packed) {
            return HTTP_1_1;
        }
        return packed == HTTP_1_0.packed ? HTTP_1_0 : null;
    }

    @Override
    public String toString() {
        return text;
    }
}
