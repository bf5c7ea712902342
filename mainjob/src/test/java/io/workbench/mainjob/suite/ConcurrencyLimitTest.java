package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.results.ConcurrencyCap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrencyLimitTest {

    @Test
    void theStudysCountIsCappedByTheDescriptorLimitAndTheReportSaysWhy() {
        ConcurrencyCap cap = ConcurrencyLimit.cap(54_000, Optional.of(20_000L));

        assertTrue(cap.capped());
        assertEquals(20_000 - ConcurrencyLimit.RESERVE, cap.cap());
        assertTrue(cap.explanation().contains("54,000"), cap.explanation());
        assertTrue(cap.explanation().contains("20,000"), cap.explanation());
        assertTrue(cap.explanation().contains("/proc/self/limits"), cap.explanation());
    }

    @Test
    void aCountWithinTheLimitIsKept() {
        ConcurrencyCap cap = ConcurrencyLimit.cap(500, Optional.of(20_000L));

        assertFalse(cap.capped());
        assertEquals(500, cap.cap());
    }

    @Test
    void anUnknownLimitCapsNothingAndSaysSo() {
        ConcurrencyCap cap = ConcurrencyLimit.cap(54_000, Optional.empty());

        assertEquals(54_000, cap.cap());
        assertTrue(cap.explanation().contains("could not be read"), cap.explanation());
    }

    @Test
    void readsTheSoftAndHardLimitsOfALimitsFile(@TempDir Path dir) throws IOException {
        Path limits = dir.resolve("limits");
        Files.writeString(limits, """
                Limit                     Soft Limit           Hard Limit           Units
                Max cpu time              unlimited            unlimited            seconds
                Max open files            1024                 20000                files
                """);

        assertEquals(Optional.of(20_000L), ConcurrencyLimit.descriptorLimit(limits, true));
        assertEquals(Optional.of(1_024L), ConcurrencyLimit.descriptorLimit(limits, false));
        assertEquals(Optional.empty(), ConcurrencyLimit.descriptorLimit(dir.resolve("missing"), true));
    }

    @Test
    void thisProcessHasALimitToRead() {
        assertTrue(ConcurrencyLimit.hardDescriptorLimit().orElseThrow() > 0);
    }
}
