package io.workbench.targets.trace;

import io.workbench.iocore.trace.TraceRing;
import java.nio.charset.StandardCharsets;

/**
 * The body of {@code GET /trace}: a header, then one line of {@link TraceRing#LONGS} decimal longs
 * per record, written as ASCII straight into one array of the exact size. A run's records are many
 * (200,000 at 20,000 req/s for ten seconds, about 24 MB of text), and the target serves them between
 * two runs on the thread that read the request: text built in a {@code StringBuilder}, copied to a
 * {@code String} and encoded again made three copies of it, and the whole {@code /trace} cost the
 * target 1.5-2.6 us of CPU a record (the drain column of {@code bench/trace-cost.sh}).
 */
final class TraceCsv {

    private TraceCsv() {
    }

    /** {@code header} (ASCII, its lines ended by {@code \n}), then every record of {@code records}. */
    static byte[] write(String header, DrainedRecords records) {
        byte[] head = header.getBytes(StandardCharsets.US_ASCII);
        long size = head.length;
        for (long i = 0; i < records.count(); i++) {
            for (int field = 0; field < TraceRing.LONGS; field++) {
                size += length(records.get(i, field)) + 1; // a comma, or the line's end
            }
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("the trace's text would be " + size + " bytes, more than an array holds");
        }
        byte[] out = new byte[(int) size];
        System.arraycopy(head, 0, out, 0, head.length);
        int at = head.length;
        for (long i = 0; i < records.count(); i++) {
            for (int field = 0; field < TraceRing.LONGS; field++) {
                at = put(records.get(i, field), out, at);
                out[at++] = (byte) (field == TraceRing.LONGS - 1 ? '\n' : ',');
            }
        }
        return out;
    }

    /** The characters of {@code value} in decimal, its sign included. */
    static int length(long value) {
        if (value == Long.MIN_VALUE) {
            return 20;
        }
        int length = value < 0 ? 2 : 1;
        long magnitude = Math.abs(value);
        while (magnitude >= 10) {
            magnitude /= 10;
            length++;
        }
        return length;
    }

    /** Writes {@code value} in decimal at {@code out[at]}; returns the index after it. */
    static int put(long value, byte[] out, int at) {
        int end = at + length(value);
        int digit = end;
        // Negative digits: the magnitude of Long.MIN_VALUE has no positive long.
        long rest = value < 0 ? value : -value;
        do {
            out[--digit] = (byte) ('0' - rest % 10);
            rest /= 10;
        } while (rest != 0);
        if (value < 0) {
            out[--digit] = '-';
        }
        return end;
    }
}
