package io.workbench.iocore.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpFieldsTest {

    @Test
    void knownNamesAreFoundIgnoringCaseAndWrittenCanonically() {
        HttpFields fields = new HttpFields().add("content-TYPE", "text/plain").add("x-Custom", "1").add(HttpHeader.HOST, "h");
        assertSame(HttpHeader.CONTENT_TYPE, fields.header(0));
        assertNull(fields.header(1));
        assertEquals("Content-Type", fields.name(0));
        assertEquals("x-Custom", fields.name(1));
        assertEquals("text/plain", fields.get(HttpHeader.CONTENT_TYPE));
        assertEquals("text/plain", fields.get("CONTENT-type"));
        assertEquals("1", fields.get("X-CUSTOM"));
        assertEquals(2, fields.indexOf("host"));
        assertEquals(-1, fields.indexOf("X-Missing"));
        assertNull(fields.get(HttpHeader.COOKIE));
        assertTrue(fields.contains(HttpHeader.HOST));
        ByteBuffer out = ByteBuffer.allocate(100);
        fields.writeTo(out);
        assertEquals("Content-Type: text/plain\r\nx-Custom: 1\r\nHost: h\r\n", new String(out.array(), 0, out.position(), StandardCharsets.US_ASCII));
        assertEquals("HttpFields{Content-Type: text/plain, x-Custom: 1, Host: h}", fields.toString());
    }

    @Test
    void everyKnownHeaderIsFoundByItsNameInAnyCase() {
        for (HttpHeader header : HttpHeader.values()) {
            String name = header.asString();
            assertSame(header, HttpHeader.lookup(name));
            assertSame(header, HttpHeader.lookup(name.toUpperCase(java.util.Locale.ROOT)));
            byte[] lower = name.toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
            byte[] padded = new byte[lower.length + 2];
            System.arraycopy(lower, 0, padded, 1, lower.length);
            assertSame(header, HttpHeader.lookup(padded, 1, lower.length));
        }
        assertNull(HttpHeader.lookup("Hosts"));
        assertNull(HttpHeader.lookup("Hos"));
        assertNull(HttpHeader.lookup("X-Forwarded-Fo_"));
        assertNull(HttpHeader.lookup("a-very-long-name-that-no-known-header-has-at-all"));
    }

    @Test
    void tokensInListsAreFoundIgnoringCaseAndWhitespace() {
        HttpFields fields = new HttpFields().add(HttpHeader.CONNECTION, "Keep-Alive ,\tUpgrade").add(HttpHeader.CONNECTION, "CLOSE");
        assertTrue(fields.containsToken(HttpHeader.CONNECTION, "close"));
        assertTrue(fields.containsToken(HttpHeader.CONNECTION, "upgrade"));
        assertTrue(fields.containsToken(HttpHeader.CONNECTION, "keep-alive"));
        assertFalse(fields.containsToken(HttpHeader.CONNECTION, "keep"));
        assertFalse(fields.containsToken(HttpHeader.UPGRADE, "close"));
    }

    @Test
    void valuesThatCouldSplitAMessageAreRefused() {
        HttpFields fields = new HttpFields();
        assertThrows(IllegalArgumentException.class, () -> fields.add("X-A", "a\r\nInjected: yes"));
        assertThrows(IllegalArgumentException.class, () -> fields.add("X-A", "a\nb"));
        assertThrows(IllegalArgumentException.class, () -> fields.add("X-A", "a\u0000"));
        assertThrows(IllegalArgumentException.class, () -> fields.add("X-A", "\u0100"));
        assertThrows(IllegalArgumentException.class, () -> fields.add("X-A", " padded"));
        assertThrows(IllegalArgumentException.class, () -> fields.add(HttpHeader.ACCEPT, "padded\t"));
        assertThrows(IllegalArgumentException.class, () -> fields.add("X A", "v"));
        assertThrows(IllegalArgumentException.class, () -> fields.add("", "v"));
        assertThrows(IllegalArgumentException.class, () -> fields.add("X:A", "v"));
        assertTrue(fields.isEmpty(), "nothing half-added");
        fields.add("X-Latin", "caf\u00e9");
        assertEquals("caf\u00e9", fields.value(0));
        assertThrows(IndexOutOfBoundsException.class, () -> fields.value(1));
    }

    @Test
    void clearKeepsOrdinaryStorageAndDropsOversizedStorage() {
        HttpFields fields = new HttpFields();
        for (int i = 0; i < 20; i++) {
            fields.add("X-" + i, "v" + i);
        }
        byte[] small = fields.bytes();
        fields.clear();
        assertEquals(0, fields.size());
        fields.add("X-A", "b");
        assertSame(small, fields.bytes(), "kept for the next message");
        fields.add("X-Big", "b".repeat(5000));
        fields.clear();
        assertEquals(0, fields.bytes().length, "a 5 KB head is not kept by an idle connection");
        fields.add("X-A", "b");
        assertEquals("b", fields.get("x-a"));
    }
}
