package io.workbench.iocore.http;

import java.util.Objects;

/**
 * One field to send, validated and encoded once. Keep constants of these for the fields every
 * response carries (e.g. {@code Content-Type: text/plain}), so that adding one to
 * {@link HttpFields} is a bulk copy instead of a character-by-character encoding.
 */
public final class HttpField {

    private final HttpHeader header;
    private final String name;
    private final String value;
    private final byte[] nameBytes;
    private final byte[] valueBytes;

    private HttpField(HttpHeader header, String name, String value) {
        this.header = header;
        this.name = name;
        this.value = value;
        this.nameBytes = encodeName(name);
        this.valueBytes = encodeValue(value);
    }

    /** A field with a known name. */
    public static HttpField of(HttpHeader header, String value) {
        Objects.requireNonNull(header, "header");
        return new HttpField(header, header.asString(), value);
    }

    /**
     * A field with any name; a known name is recognised (ignoring case) and written in its
     * canonical spelling.
     *
     * @throws IllegalArgumentException if the name is not a token or the value is not a valid field value
     */
    public static HttpField of(String name, String value) {
        Objects.requireNonNull(name, "name");
        HttpHeader header = HttpHeader.lookup(name);
        return new HttpField(header, header == null ? name : header.asString(), value);
    }

    /** @return the known header, or null if the name is not one */
    public HttpHeader header() {
        return header;
    }

    public String name() {
        return name;
    }

    public String value() {
        return value;
    }

    byte[] nameBytes() {
        return nameBytes;
    }

    byte[] valueBytes() {
        return valueBytes;
    }

    /** @throws IllegalArgumentException unless {@code name} is a token (RFC 9110 section 5.1) */
    static byte[] encodeName(String name) {
        Objects.requireNonNull(name, "name");
        if (!HttpTokens.isToken(name)) {
            throw new IllegalArgumentException("a field name must be a non-empty token, was '" + name + "'");
        }
        byte[] bytes = new byte[name.length()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) name.charAt(i);
        }
        return bytes;
    }

    /**
     * @throws IllegalArgumentException unless {@code value} is a field value (RFC 9110 section
     *         5.5): visible ISO-8859-1 characters, SP and HTAB, not at either end. CR and LF in
     *         particular are refused, so that a value cannot split a response.
     */
    static byte[] encodeValue(String value) {
        byte[] bytes = new byte[checkValue(value)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) value.charAt(i);
        }
        return bytes;
    }

    /** @return the length of {@code value} once checked to be a valid field value */
    static int checkValue(String value) {
        Objects.requireNonNull(value, "value");
        int length = value.length();
        for (int i = 0; i < length; i++) {
            if (!HttpTokens.is(value.charAt(i), HttpTokens.VCHAR | HttpTokens.WS)) {
                throw new IllegalArgumentException("a field value may hold only visible ISO-8859-1 characters, SP and HTAB;"
                        + " found U+" + String.format("%04X", (int) value.charAt(i)) + " at " + i);
            }
        }
        if (length > 0 && (HttpTokens.is(value.charAt(0), HttpTokens.WS) || HttpTokens.is(value.charAt(length - 1), HttpTokens.WS))) {
            throw new IllegalArgumentException("a field value must not start or end with whitespace, was '" + value + "'");
        }
        return length;
    }

    @Override
    public String toString() {
        return name + ": " + value;
    }
}
