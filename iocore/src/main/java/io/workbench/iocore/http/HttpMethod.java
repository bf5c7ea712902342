package io.workbench.iocore.http;

import java.nio.charset.StandardCharsets;

/**
 * The request methods of RFC 9110 section 9 and PATCH (RFC 5789). Methods are case-sensitive; a
 * token that is none of these is answered {@code 501 Not Implemented} (RFC 9110 section 9.1).
 *
 * <p>Each method carries its name as bytes and packed into a {@code long} (one byte per 8 bits,
 * first byte highest), so the parser recognises a method by comparing one number, without
 * building a String.
 */
public enum HttpMethod {
    GET, HEAD, POST, PUT, DELETE, CONNECT, OPTIONS, TRACE, PATCH;

    /** The longest method name; a longer token cannot be a method we implement. */
    static final int MAX_LENGTH = 7;

    private static final HttpMethod[] VALUES = values();

    private final byte[] bytes = name().getBytes(StandardCharsets.US_ASCII);
    private final long packed = pack(bytes);

    /** @return the method name as US-ASCII bytes; callers must not modify them */
    byte[] bytes() {
        return bytes;
    }

    /** @return whether a request with this method commonly carries content, so a client sends Content-Length even when it is 0 */
    boolean expectsContent() {
        return this == POST || this == PUT || this == PATCH;
    }

    /**
     * @param packed the bytes of a token packed one per 8 bits, first byte highest
     * @param length how many bytes the token has
     * @return the method, or null if the token names no method this parser knows
     */
    static HttpMethod lookup(long packed, int length) {
        if (length > MAX_LENGTH) {
            return null;
        }
        for (HttpMethod method : VALUES) {
            if (method.packed == packed && method.bytes.length == length) {
                return method;
            }
        }
        return null;
    }

    static long pack(byte[] bytes) {
        long packed = 0;
        for (byte b : bytes) {
            packed = packed << 8 | (b & 0xFF);
        }
        return packed;
    }
}
