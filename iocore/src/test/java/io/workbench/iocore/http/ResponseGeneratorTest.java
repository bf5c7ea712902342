package io.workbench.iocore.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Response heads and content framing, byte for byte. */
class ResponseGeneratorTest {

    /** Sun, 06 Nov 1994 08:49:37 GMT, the example of RFC 9110 section 5.6.7. */
    static final long RFC_DATE_MILLIS = 784_111_777_000L;
    static final String RFC_DATE_LINE = "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n";
    static final HttpField TEXT_PLAIN = HttpField.of(HttpHeader.CONTENT_TYPE, "text/plain");

    private final ByteBuffer out = ByteBuffer.allocate(1024);

    private static ResponseGenerator atRfcDate() {
        return new ResponseGenerator(() -> RFC_DATE_MILLIS + 999);
    }

    private String written() {
        String text = new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1);
        out.clear();
        return text;
    }

    private static HttpFields textPlain() {
        return new HttpFields().add(TEXT_PLAIN);
    }

    @Test
    void theHelloResponse() {
        ResponseGenerator generator = atRfcDate();
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, textPlain(), 5, true);
        assertEquals("HTTP/1.1 200 OK\r\n" + RFC_DATE_LINE + "Content-Type: text/plain\r\nContent-Length: 5\r\n\r\n", written());
        assertTrue(generator.writeContentPrefix(out, 5));
        generator.writeEnd(out, null);
        assertEquals("", written(), "Content-Length framing adds nothing around the content");
        assertTrue(generator.isComplete());
        assertTrue(generator.isPersistent());
        assertEquals(BodyFraming.CONTENT_LENGTH, generator.bodyFraming());
    }

    @Test
    void withoutTheDateField() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, textPlain(), 5, true);
        assertEquals("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n", written());
    }

    @Test
    void aClosingResponseSaysSo() {
        ResponseGenerator generator = atRfcDate();
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 404, null, 0, false);
        assertEquals("HTTP/1.1 404 Not Found\r\n" + RFC_DATE_LINE + "Content-Length: 0\r\nConnection: close\r\n\r\n", written());
        assertFalse(generator.isPersistent());
    }

    @Test
    void anHttp10ClientThatKeepsTheConnectionIsToldSo() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_0, 200, null, 2, true);
        assertEquals("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n", written());
    }

    @Test
    void unknownLengthIsChunkedForHttp11() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, textPlain(), -1, true);
        assertTrue(generator.writeContentPrefix(out, 5));
        assertEquals("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n", written());
        assertTrue(generator.writeContentPrefix(out, 0), "an empty piece");
        assertEquals("", written(), "an empty piece writes no chunk: a 0 chunk would end the content");
        assertTrue(generator.writeContentPrefix(out, 300));
        assertEquals("\r\n12C\r\n", written());
        generator.writeEnd(out, new HttpFields().add("X-Checksum", "abc"));
        assertEquals("\r\n0\r\nX-Checksum: abc\r\n\r\n", written());
        assertTrue(generator.isPersistent());
    }

    @Test
    void chunkedWithoutContentIsJustTheLastChunk() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, null, -1, true);
        written();
        generator.writeEnd(out, null);
        assertEquals("0\r\n\r\n", written());
    }

    @Test
    void unknownLengthForHttp10IsDelimitedByClosing() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_0, 200, null, -1, true);
        assertEquals("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", written());
        assertEquals(BodyFraming.UNTIL_CLOSE, generator.bodyFraming());
        assertFalse(generator.isPersistent(), "the close is the framing");
        assertTrue(generator.writeContentPrefix(out, 10));
        generator.writeEnd(out, null);
        assertEquals("", written());
    }

    @Test
    void aResponseToHeadAnnouncesTheLengthButCarriesNoContent() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.HEAD, HttpVersion.HTTP_1_1, 200, textPlain(), 5, true);
        assertEquals("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n", written());
        assertFalse(generator.writeContentPrefix(out, 5), "the caller drops the content");
        generator.writeEnd(out, null);
        assertEquals("", written());
        assertEquals(BodyFraming.NONE, generator.bodyFraming());
        generator.reset();
        generator.writeHead(out, HttpMethod.HEAD, HttpVersion.HTTP_1_1, 200, null, -1, true);
        assertEquals("HTTP/1.1 200 OK\r\n\r\n", written(), "unknown length: nothing announced, nothing chunked");
        generator.writeEnd(out, null);
    }

    @Test
    void responsesWithoutContentHaveNoFramingFields() {
        ResponseGenerator generator = atRfcDate();
        generator.writeHead(out, HttpMethod.DELETE, HttpVersion.HTTP_1_1, 204, null, -1, true);
        assertEquals("HTTP/1.1 204 No Content\r\n" + RFC_DATE_LINE + "\r\n", written());
        assertThrows(IllegalStateException.class, () -> generator.writeContentPrefix(out, 1));
        generator.writeEnd(out, null);
        generator.reset();
        assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 304, null, 3, true));
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 304, null, 0, true);
        assertEquals("HTTP/1.1 304 Not Modified\r\n" + RFC_DATE_LINE + "\r\n", written());
    }

    @Test
    void anInterimResponseIsJustItsStatusLine() {
        ResponseGenerator generator = atRfcDate();
        generator.writeHead(out, HttpMethod.POST, HttpVersion.HTTP_1_1, 100, null, -1, false);
        assertEquals("HTTP/1.1 100 Continue\r\n\r\n", written());
    }

    @Test
    void aStatusWithoutReasonPhraseKeepsItsSpace() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 299, null, 0, true);
        assertEquals("HTTP/1.1 299 \r\nContent-Length: 0\r\n\r\n", written());
        assertThrows(IllegalArgumentException.class, () -> new ResponseGenerator(false).writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 600, null, 0, true));
        assertThrows(IllegalArgumentException.class, () -> new ResponseGenerator(false).writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 99, null, 0, true));
    }

    @Test
    void fieldsAreWrittenInOrderKnownNamesCanonically() {
        ResponseGenerator generator = new ResponseGenerator(false);
        HttpFields fields = new HttpFields().add("content-type", "application/json").add("X-Trace", "a b\tc").add(HttpHeader.SERVER, "iocore");
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, fields, 2, true);
        assertEquals("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Trace: a b\tc\r\nServer: iocore\r\nContent-Length: 2\r\n\r\n", written());
    }

    @Test
    void theGeneratorOwnsFraming() {
        for (HttpHeader owned : new HttpHeader[]{HttpHeader.CONTENT_LENGTH, HttpHeader.TRANSFER_ENCODING, HttpHeader.CONNECTION}) {
            HttpFields fields = new HttpFields().add(owned, "x");
            ResponseGenerator generator = new ResponseGenerator(false);
            assertThrows(IllegalArgumentException.class, () -> generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, fields, 1, true));
            assertEquals(0, out.position());
        }
    }

    @Test
    void contentMustMatchTheDeclaredLength() {
        ResponseGenerator generator = new ResponseGenerator(false);
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, null, 5, true);
        assertTrue(generator.writeContentPrefix(out, 3));
        assertThrows(IllegalStateException.class, () -> generator.writeContentPrefix(out, 3), "8 > 5");
        assertThrows(IllegalStateException.class, () -> generator.writeEnd(out, null), "3 < 5");
        assertThrows(IllegalStateException.class, () -> generator.writeEnd(out, new HttpFields().add("X-T", "1")), "trailers need chunked");
        assertTrue(generator.writeContentPrefix(out, 2));
        generator.writeEnd(out, null);
    }

    @Test
    void theStateMachineRefusesCallsOutOfOrder() {
        ResponseGenerator generator = new ResponseGenerator(false);
        assertThrows(IllegalStateException.class, () -> generator.writeContentPrefix(out, 1), "no head yet");
        assertThrows(IllegalStateException.class, () -> generator.writeEnd(out, null), "no head yet");
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, null, 0, true);
        assertThrows(IllegalStateException.class, () -> generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, null, 0, true));
        assertThrows(IllegalStateException.class, generator::reset, "in the middle of a message");
        generator.writeEnd(out, null);
        assertThrows(IllegalStateException.class, () -> generator.writeEnd(out, null), "ended already");
        assertThrows(IllegalStateException.class, () -> generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, null, 0, true), "reset first");
        generator.reset();
        generator.reset();
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, null, 0, true);
        assertTrue(generator.toString().contains("CONTENT"), generator.toString());
    }

    @Test
    void aBufferTooSmallWritesNothingAndChangesNothing() {
        ResponseGenerator generator = atRfcDate();
        ByteBuffer small = ByteBuffer.allocate(40);
        small.put((byte) '!');
        assertThrows(BufferOverflowException.class, () -> generator.writeHead(small, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, textPlain(), 5, true));
        assertEquals(1, small.position());
        generator.writeHead(out, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, textPlain(), -1, true);
        written();
        ByteBuffer tiny = ByteBuffer.allocate(2);
        assertThrows(BufferOverflowException.class, () -> generator.writeContentPrefix(tiny, 300));
        assertEquals(0, tiny.position());
        assertTrue(generator.writeContentPrefix(out, 300), "the failed prefix counted nothing");
        assertThrows(BufferOverflowException.class, () -> generator.writeEnd(tiny, null));
        generator.writeEnd(out, null);
        assertEquals("12C\r\n\r\n0\r\n\r\n", written());
    }

    @Test
    void theDateLineIsFormattedOncePerSecond() {
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", HttpDate.format(RFC_DATE_MILLIS));
        assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", HttpDate.format(0));
        byte[] line = HttpDate.line(RFC_DATE_MILLIS + 10_000_000);
        assertSame(line, HttpDate.line(RFC_DATE_MILLIS + 10_000_999), "the same second shares its bytes");
        assertEquals("Date: Sun, 06 Nov 1994 11:36:17 GMT\r\n", new String(line, StandardCharsets.US_ASCII));
        assertEquals("Date: Sun, 06 Nov 1994 11:36:18 GMT\r\n", new String(HttpDate.line(RFC_DATE_MILLIS + 10_001_000), StandardCharsets.US_ASCII));
    }

    @Test
    void numbersAreWrittenInPlace() {
        long[] values = {0, 9, 10, 99, 100, 12_345, Integer.MAX_VALUE, Long.MAX_VALUE};
        for (long value : values) {
            AsciiNumbers.putDecimal(out, value);
            assertEquals(Long.toString(value), written());
            AsciiNumbers.putHex(out, value);
            assertEquals(Long.toHexString(value).toUpperCase(java.util.Locale.ROOT), written());
        }
        ByteBuffer tiny = ByteBuffer.allocate(2);
        assertThrows(BufferOverflowException.class, () -> AsciiNumbers.putDecimal(tiny, 100));
        assertThrows(BufferOverflowException.class, () -> AsciiNumbers.putHex(tiny, 0x100));
        assertEquals(0, tiny.position());
    }
}
