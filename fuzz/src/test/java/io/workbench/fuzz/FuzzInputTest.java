package io.workbench.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FuzzInputTest {

    private static final byte[] STREAM = "GET / HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void encodeGivesTheStreamBackWholeWithTheOptionsAsked() {
        FuzzInput plain = FuzzInput.decode(FuzzInput.encode(STREAM, false, false));
        assertArrayEquals(STREAM, plain.stream());
        assertEquals(BufferKind.HEAP, plain.kind());
        assertEquals(HttpLimits.DEFAULT, plain.limits());
        assertEquals(0, plain.cuts().length);
        assertFalse(plain.endOfInput());
        FuzzInput small = FuzzInput.decode(FuzzInput.encode(STREAM, true, true));
        assertEquals(FuzzInput.SMALL_LIMITS, small.limits());
        assertTrue(small.endOfInput());
    }

    @Test
    void theControlBytesChooseBufferCutsPausesAndMethods() {
        byte[] data = FuzzInput.encode(STREAM, false, false);
        data[0] = (byte) (2 | 1 << 3 | 0x20 | 0x80);
        data[1] = 2;
        FuzzInput input = FuzzInput.decode(data);
        assertEquals(BufferKind.DIRECT, input.kind());
        assertEquals(STREAM.length - 1, input.cuts().length, "every byte");
        assertTrue(input.pause());
        assertEquals(HttpMethod.HEAD, input.requestMethods().get(0));
        assertEquals(HttpMethod.HEAD, input.requestMethods().get(1));
        assertEquals(HttpMethod.GET, input.requestMethods().get(2));
        data[0] = 2 << 3;
        int[] cuts = FuzzInput.decode(data).cuts();
        assertTrue(cuts.length >= 1 && cuts.length <= 8);
        for (int i = 0; i < cuts.length; i++) {
            assertTrue(cuts[i] > 0 && cuts[i] < STREAM.length && (i == 0 || cuts[i] > cuts[i - 1]), "ascending cuts inside the stream");
        }
        data[1] = 3;
        data[0] = 3 << 3;
        assertArrayEquals(new int[]{1 + 3 % (STREAM.length - 1)}, FuzzInput.decode(data).cuts());
        assertEquals(HttpMethod.CONNECT, FuzzInput.decode(data).requestMethods().getFirst());
    }

    @Test
    void anInputShorterThanTheControlBytesIsAStreamOnItsOwn() {
        FuzzInput input = FuzzInput.decode(new byte[]{'G'});
        assertArrayEquals(new byte[]{'G'}, input.stream());
        assertEquals(HttpLimits.DEFAULT, input.limits());
    }
}
