package io.workbench.iocore.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HelloProtocolTest {

    @Test
    void noWaitParameterMeansTheDefault() {
        assertEquals(7, HelloProtocol.waitMillis(null, 7));
        assertEquals(7, HelloProtocol.waitMillis("", 7));
        assertEquals(7, HelloProtocol.waitMillis("a=1&waiting=5&b", 7));
    }

    @Test
    void waitParameterOverridesTheDefaultWhereverItIs() {
        assertEquals(100, HelloProtocol.waitMillis("wait=100", 7));
        assertEquals(0, HelloProtocol.waitMillis("a=1&wait=0", 7));
        assertEquals(3_600_000, HelloProtocol.waitMillis("x&wait=3600000&y=2", 7));
    }

    @ParameterizedTest
    @ValueSource(strings = {"wait=", "wait=-1", "wait=1.5", "wait=ten", "wait=3600001", "wait=99999999999", "wait=1e3"})
    void badWaitIsRejectedWithAReason(String query) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> HelloProtocol.waitMillis(query, 7));
        assertTrue(error.getMessage().startsWith("wait must be"), error.getMessage());
    }

    @Test
    void helloBodyIsFiveAsciiBytesAndCannotBeChangedByACaller() {
        byte[] body = HelloProtocol.helloBody();
        assertEquals("hello", new String(body, java.nio.charset.StandardCharsets.US_ASCII));
        body[0] = 'j';
        assertEquals("hello", new String(HelloProtocol.helloBody(), java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(5, HelloProtocol.helloBodyLength());
    }
}
