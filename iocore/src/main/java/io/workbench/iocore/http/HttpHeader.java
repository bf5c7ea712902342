package io.workbench.iocore.http;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Field names that this package recognises without allocating: the parser looks a received name
 * up by length and a case-insensitive byte comparison, and stores the constant, so that asking
 * for {@code Host} or {@code Connection} compares references instead of Strings. The framing
 * fields ({@link #CONTENT_LENGTH}, {@link #TRANSFER_ENCODING}, {@link #CONNECTION}) and
 * {@link #HOST} are interpreted by the parser itself.
 */
public enum HttpHeader {
    ACCEPT("Accept"),
    ACCEPT_CHARSET("Accept-Charset"),
    ACCEPT_ENCODING("Accept-Encoding"),
    ACCEPT_LANGUAGE("Accept-Language"),
    ACCEPT_RANGES("Accept-Ranges"),
    AGE("Age"),
    ALLOW("Allow"),
    AUTHORIZATION("Authorization"),
    CACHE_CONTROL("Cache-Control"),
    CONNECTION("Connection"),
    CONTENT_ENCODING("Content-Encoding"),
    CONTENT_LANGUAGE("Content-Language"),
    CONTENT_LENGTH("Content-Length"),
    CONTENT_LOCATION("Content-Location"),
    CONTENT_RANGE("Content-Range"),
    CONTENT_TYPE("Content-Type"),
    COOKIE("Cookie"),
    DATE("Date"),
    ETAG("ETag"),
    EXPECT("Expect"),
    EXPIRES("Expires"),
    FORWARDED("Forwarded"),
    FROM("From"),
    HOST("Host"),
    IF_MATCH("If-Match"),
    IF_MODIFIED_SINCE("If-Modified-Since"),
    IF_NONE_MATCH("If-None-Match"),
    IF_RANGE("If-Range"),
    IF_UNMODIFIED_SINCE("If-Unmodified-Since"),
    KEEP_ALIVE("Keep-Alive"),
    LAST_MODIFIED("Last-Modified"),
    LOCATION("Location"),
    ORIGIN("Origin"),
    PRAGMA("Pragma"),
    PROXY_AUTHORIZATION("Proxy-Authorization"),
    RANGE("Range"),
    REFERER("Referer"),
    RETRY_AFTER("Retry-After"),
    SERVER("Server"),
    SET_COOKIE("Set-Cookie"),
    TE("TE"),
    TRAILER("Trailer"),
    TRANSFER_ENCODING("Transfer-Encoding"),
    UPGRADE("Upgrade"),
    USER_AGENT("User-Agent"),
    VARY("Vary"),
    VIA("Via"),
    WWW_AUTHENTICATE("WWW-Authenticate"),
    X_FORWARDED_FOR("X-Forwarded-For");

    /** Known headers indexed by the length of their name. */
    private static final HttpHeader[][] BY_LENGTH;

    static {
        int longest = 0;
        for (HttpHeader header : values()) {
            longest = Math.max(longest, header.name.length());
        }
        BY_LENGTH = new HttpHeader[longest + 1][0];
        for (HttpHeader header : values()) {
            HttpHeader[] same = BY_LENGTH[header.name.length()];
            HttpHeader[] grown = java.util.Arrays.copyOf(same, same.length + 1);
            grown[same.length] = header;
            BY_LENGTH[header.name.length()] = grown;
        }
    }

    private final String name;
    private final byte[] lowerCase;
    /** {@code "Name: "}: what a generator writes before the value. */
    private final byte[] linePrefix;

    HttpHeader(String name) {
        this.name = name;
        this.lowerCase = name.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
        this.linePrefix = (name + ": ").getBytes(StandardCharsets.US_ASCII);
    }

    /** @return the canonical spelling of the field name, e.g. {@code Content-Length} */
    public String asString() {
        return name;
    }

    /** @return {@code "Name: "} as bytes; callers must not modify them */
    byte[] linePrefix() {
        return linePrefix;
    }

    /**
     * The known header whose name is {@code bytes[offset, offset+length)}, compared ignoring case.
     * The bytes must already be known to be tchars: then {@code b | 0x20} equals a lower-case
     * letter, a digit or {@code '-'} only if {@code b} is that character or its upper case.
     *
     * @return the header, or null if the name is not a known one
     */
    static HttpHeader lookup(byte[] bytes, int offset, int length) {
        if (length >= BY_LENGTH.length) {
            return null;
        }
        candidates:
        for (HttpHeader header : BY_LENGTH[length]) {
            byte[] lower = header.lowerCase;
            for (int i = 0; i < length; i++) {
                if ((bytes[offset + i] | 0x20) != lower[i]) {
                    continue candidates;
                }
            }
            return header;
        }
        return null;
    }

    /** @return the known header named {@code name} (ignoring case), or null */
    static HttpHeader lookup(CharSequence name) {
        int length = name.length();
        if (length >= BY_LENGTH.length) {
            return null;
        }
        candidates:
        for (HttpHeader header : BY_LENGTH[length]) {
            byte[] lower = header.lowerCase;
            for (int i = 0; i < length; i++) {
                char c = name.charAt(i);
                if (c >= 'A' && c <= 'Z') {
                    c += 'a' - 'A';
                }
                if (c != lower[i]) {
                    continue candidates;
                }
            }
            return header;
        }
        return null;
    }

    @Override
    public String toString() {
        return name;
    }
}
