package io.workbench.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ByteSizesTest {

    private static final int MIN = 4096;
    private static final int MAX = 16 * 1024 * 1024;

    @Test
    void readsBytesAndBinaryUnits() {
        assertEquals(65536, ByteSizes.parse("--x", "65536", MIN, MAX));
        assertEquals(65536, ByteSizes.parse("--x", "64KiB", MIN, MAX));
        assertEquals(65536, ByteSizes.parse("--x", "64k", MIN, MAX));
        assertEquals(65536, ByteSizes.parse("--x", " 64 kb ", MIN, MAX));
        assertEquals(1 << 20, ByteSizes.parse("--x", "1MiB", MIN, MAX));
        assertEquals(1 << 20, ByteSizes.parse("--x", "1M", MIN, MAX));
        assertEquals(MIN, ByteSizes.parse("--x", "4096b", MIN, MAX));
        assertEquals(MAX, ByteSizes.parse("--x", "16MiB", MIN, MAX));
    }

    @Test
    void refusesWhatIsNotASizeOrOutOfBounds() {
        for (String bad : new String[] {"", "lots", "64 KB/s", "-1", "1.5MiB", "64GiB", "99999999999"}) {
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> ByteSizes.parse("--x", bad, MIN, MAX), bad);
            assertTrue(x.getMessage().startsWith("--x " + bad + ": not a size"), x.getMessage());
        }
        for (String bad : new String[] {"4095", "3KiB", "17MiB", "0"}) {
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> ByteSizes.parse("--x", bad, MIN, MAX), bad);
            assertEquals("--x " + bad + ": must be within 4KiB..16MiB", x.getMessage());
        }
    }

    @Test
    void describesTheShortestWay() {
        assertEquals("64KiB", ByteSizes.describe(65536));
        assertEquals("1MiB", ByteSizes.describe(1 << 20));
        assertEquals("1536KiB", ByteSizes.describe(1536 * 1024));
        assertEquals("1000", ByteSizes.describe(1000));
    }
}
