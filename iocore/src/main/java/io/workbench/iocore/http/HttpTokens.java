package io.workbench.iocore.http;

import java.nio.ByteBuffer;

/**
 * The byte classes of the HTTP/1.1 grammar (RFC 9110 section 5.6, RFC 9112, RFC 3986), one table
 * lookup per byte, and the one loop that scans a run of bytes of given classes.
 *
 * <p>Every run of bytes the parser examines goes through a {@code scan}: it finds the end of a
 * run (a token, a target, a field value) and the parser then looks at the single byte that ended
 * it. Keeping the per-byte work in one tight loop keeps it free of calls; a heap buffer is
 * scanned through its backing array instead of {@link ByteBuffer#get(int)}.
 */
final class HttpTokens {

    /** {@code tchar}: the characters of a token (method, field name, transfer coding). */
    static final int TCHAR = 1;
    /** A character allowed in a request-target: the RFC 3986 URI characters without {@code #}. */
    static final int TARGET = 1 << 1;
    /** {@code field-vchar}: VCHAR or obs-text (0x21-0x7E, 0x80-0xFF). */
    static final int VCHAR = 1 << 2;
    /** SP or HTAB: whitespace inside field values, OWS and BWS. */
    static final int WS = 1 << 3;
    static final int DIGIT = 1 << 4;
    static final int HEX = 1 << 5;
    /** A character allowed in a Host field value ({@code uri-host [":" port]}). */
    static final int HOST = 1 << 6;

    static final byte SP = ' ';
    static final byte HTAB = '\t';
    static final byte CR = '\r';
    static final byte LF = '\n';

    private static final int[] CLASSES = new int[256];

    static {
        String alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        String digit = "0123456789";
        mark(TCHAR, alpha + digit + "!#$%&'*+-.^_`|~");
        mark(TARGET, alpha + digit + "-._~" + ":/?[]@" + "!$&'()*+,;=" + "%");
        mark(HOST, alpha + digit + "-._~" + "%" + "!$&'()*+,;=" + ":[]");
        mark(DIGIT, digit);
        mark(HEX, digit + "abcdefABCDEF");
        mark(WS, " \t");
        for (int b = 0x21; b <= 0xFF; b++) {
            if (b != 0x7F) {
                CLASSES[b] |= VCHAR;
            }
        }
    }

    private static void mark(int bit, String characters) {
        for (int i = 0; i < characters.length(); i++) {
            CLASSES[characters.charAt(i)] |= bit;
        }
    }

    private HttpTokens() {
    }

    static boolean is(byte b, int classes) {
        return (CLASSES[b & 0xFF] & classes) != 0;
    }

    static boolean is(char c, int classes) {
        return c < 256 && (CLASSES[c] & classes) != 0;
    }

    /**
     * @return the index of the first byte in {@code [from, to)} of {@code buffer} (absolute
     *         indexes, position ignored) that belongs to none of {@code classes}, or {@code to}
     */
    static int scan(ByteBuffer buffer, int from, int to, int classes) {
        int[] table = CLASSES;
        int i = from;
        while (i < to && (table[buffer.get(i) & 0xFF] & classes) != 0) {
            i++;
        }
        return i;
    }

    /** The same over an array that backs a buffer at {@code offset}: indexes are the buffer's. */
    static int scan(byte[] array, int offset, int from, int to, int classes) {
        int[] table = CLASSES;
        int i = from + offset;
        int end = to + offset;
        while (i < end && (table[array[i] & 0xFF] & classes) != 0) {
            i++;
        }
        return i - offset;
    }

    /** @return the value of a hexadecimal digit already known to be one */
    static int hexValue(byte b) {
        return b <= '9' ? b - '0' : (b | 0x20) - 'a' + 10;
    }

    /** @return whether every character of {@code text} is a tchar (and there is at least one) */
    static boolean isToken(CharSequence text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!is(text.charAt(i), TCHAR)) {
                return false;
            }
        }
        return true;
    }

    /** How a byte looks in a reason phrase: printable ASCII as itself, anything else in hex. */
    static String describe(byte b) {
        int value = b & 0xFF;
        return value > 0x20 && value < 0x7F ? "'" + (char) value + "'" : String.format("0x%02X", value);
    }
}
