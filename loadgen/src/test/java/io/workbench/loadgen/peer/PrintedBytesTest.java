package io.workbench.loadgen.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PrintedBytesTest {

    @Test
    void binaryUnits() {
        assertEquals(0, PrintedBytes.parse("0B"));
        assertEquals(512, PrintedBytes.parse("512.00B"));
        assertEquals(388.05 * 1024, PrintedBytes.parse("388.05KB"), 1e-6);
        assertEquals(3.74 * 1024 * 1024, PrintedBytes.parse("3.74MB"), 1e-6);
        assertEquals(2.10 * 1024 * 1024 * 1024, PrintedBytes.parse("2.10GB"), 1e-3);
        assertEquals(1024.0 * 1024 * 1024 * 1024, PrintedBytes.parse("1.00TB"), 1e-3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "MB", "3.74", "3.74Mb", "3.74 MB", "3.74MiB"})
    void anythingElseIsRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> PrintedBytes.parse(text));
    }
}
