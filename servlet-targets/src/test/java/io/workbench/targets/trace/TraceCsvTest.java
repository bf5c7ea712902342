package io.workbench.targets.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.iocore.trace.TraceRing;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TraceCsvTest {

    private static String decimal(long value) {
        byte[] out = new byte[TraceCsv.length(value)];
        assertEquals(out.length, TraceCsv.put(value, out, 0), "the index after " + value);
        return new String(out, StandardCharsets.US_ASCII);
    }

    @Test
    void writesEveryLongAsJavaDoes() {
        long[] edges = {0, 1, 9, 10, 99, 100, -1, -9, -10, -11, 1_000_000_007L, 81_234_567_890_123L,
                Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1};
        for (long value : edges) {
            assertEquals(Long.toString(value), decimal(value));
            assertEquals(Long.toString(value).length(), TraceCsv.length(value));
        }
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            long value = random.nextLong() >> random.nextInt(64);
            assertEquals(Long.toString(value), decimal(value));
        }
    }

    @Test
    void writesTheHeaderThenALinePerRecordExactlySized() {
        DrainedRecords records = new DrainedRecords(100);
        long[] slots = new long[TraceRing.LONGS * 2];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = i % 3 == 0 ? -i * 1_000_003L : i * 81_234_567_890_123L;
        }
        records.add(slots, 0);
        records.add(slots, TraceRing.LONGS);
        StringBuilder expected = new StringBuilder("# head\ncolumns\n");
        for (int record = 0; record < 2; record++) {
            for (int field = 0; field < TraceRing.LONGS; field++) {
                expected.append(field == 0 ? "" : ",").append(slots[record * TraceRing.LONGS + field]);
            }
            expected.append('\n');
        }
        byte[] written = TraceCsv.write("# head\ncolumns\n", records);
        assertEquals(expected.toString(), new String(written, StandardCharsets.US_ASCII), "the same text, no byte to spare");
    }

    @Test
    void noRecordsIsTheHeaderAlone() {
        assertEquals("# head\n", new String(TraceCsv.write("# head\n", new DrainedRecords(1)), StandardCharsets.US_ASCII));
    }
}
