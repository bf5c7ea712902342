package io.workbench.iocore.http;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/** Writes numbers as ASCII digits straight into a buffer, as Content-Length and chunk sizes need, without building a String. */
final class AsciiNumbers {

    private static final byte[] HEX_DIGITS = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

    private AsciiNumbers() {
    }

    /** Writes {@code value} (>= 0) in decimal. */
    static void putDecimal(ByteBuffer out, long value) {
        int digits = 1;
        for (long rest = value / 10; rest > 0; rest /= 10) {
            digits++;
        }
        int start = reserve(out, digits);
        long rest = value;
        for (int i = start + digits - 1; i >= start; i--) {
            out.put(i, (byte) ('0' + rest % 10));
            rest /= 10;
        }
    }

    /** Writes {@code value} (>= 0) in upper-case hexadecimal, without leading zeros. */
    static void putHex(ByteBuffer out, long value) {
        int digits = Math.max(1, (67 - Long.numberOfLeadingZeros(value)) / 4);
        int start = reserve(out, digits);
        long rest = value;
        for (int i = start + digits - 1; i >= start; i--) {
            out.put(i, HEX_DIGITS[(int) (rest & 0xF)]);
            rest >>>= 4;
        }
    }

    private static int reserve(ByteBuffer out, int bytes) {
        int start = out.position();
        if (out.remaining() < bytes) {
            throw new BufferOverflowException();
        }
        out.position(start + bytes);
        return start;
    }
}
