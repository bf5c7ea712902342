package io.workbench.iocore.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Request heads and content framing, byte for byte. */
class RequestGeneratorTest {

    private final ByteBuffer out = ByteBuffer.allocate(1024);
    private final RequestGenerator generator = new RequestGenerator();

    private String written() {
        String text = new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1);
        out.clear();
        return text;
    }

    @Test
    void exactlyWhatWrkSends() {
        generator.writeHead(out, HttpMethod.GET, "/hello", "127.0.0.1:8080", null, 0, true);
        assertEquals(HttpParserRequestTest.WRK, written());
        assertEquals(BodyFraming.NONE, generator.bodyFraming());
        assertThrows(IllegalStateException.class, () -> generator.writeContentPrefix(out, 1), "a GET without content");
        generator.writeEnd(out, null);
        assertEquals("", written());
    }

    @Test
    void closingAfterTheResponse() {
        generator.writeHead(out, HttpMethod.GET, "/hello?wait=10", "h", new HttpFields().add(HttpHeader.ACCEPT, "*/*"), 0, false);
        assertEquals("GET /hello?wait=10 HTTP/1.1\r\nHost: h\r\nAccept: */*\r\nConnection: close\r\n\r\n", written());
        assertFalse(generator.isPersistent());
    }

    @Test
    void aBodyOfKnownLength() {
        generator.writeHead(out, HttpMethod.POST, "/submit", "h", new HttpFields().add(HttpHeader.CONTENT_TYPE, "text/plain"), 11, true);
        assertEquals("POST /submit HTTP/1.1\r\nHost: h\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\n", written());
        assertTrue(generator.writeContentPrefix(out, 11));
        generator.writeEnd(out, null);
        assertEquals("", written());
    }

    @Test
    void aPostWithoutContentStillSaysSo() {
        generator.writeHead(out, HttpMethod.POST, "/", "h", null, 0, true);
        assertEquals("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n", written());
    }

    @Test
    void aBodyOfUnknownLengthIsChunked() {
        generator.writeHead(out, HttpMethod.PUT, "/up", "h", null, -1, true);
        generator.writeContentPrefix(out, 16);
        assertEquals("PUT /up HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n", written());
        generator.writeEnd(out, null);
        assertEquals("\r\n0\r\n\r\n", written());
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingIsWritten() {
        assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, "/a b", "h", null, 0, true));
        assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, "/a\r\nX: y", "h", null, 0, true));
        assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, "", "h", null, 0, true));
        assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, "/", "h\r\n", null, 0, true));
        assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, "/", "h", null, -2, true));
        for (HttpHeader owned : new HttpHeader[]{HttpHeader.HOST, HttpHeader.CONTENT_LENGTH, HttpHeader.TRANSFER_ENCODING, HttpHeader.CONNECTION}) {
            assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, "/", "h", new HttpFields().add(owned, "1"), 0, true));
        }
        assertEquals(0, out.position());
        ByteBuffer small = ByteBuffer.allocate(20);
        assertThrows(BufferOverflowException.class, () -> generator.writeHead(small, HttpMethod.GET, "/a-rather-long-target", "h", null, 0, true));
        assertEquals(0, small.position());
        generator.writeHead(out, HttpMethod.GET, "/", "", null, 0, true);
        assertEquals("GET / HTTP/1.1\r\nHost: \r\n\r\n", written());
    }
}
