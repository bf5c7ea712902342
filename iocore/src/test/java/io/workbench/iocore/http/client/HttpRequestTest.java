package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.RequestGenerator;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A request is checked when it is built, and written with exactly the bytes a server expects. */
class HttpRequestTest {

    private static String head(HttpRequest request, String authority) {
        ByteBuffer out = ByteBuffer.allocate(8192);
        request.writeHead(new RequestGenerator(), out, authority);
        assertEquals(out.position(), request.headBytes(authority), "the measured head size");
        return new String(out.array(), 0, out.position(), StandardCharsets.ISO_8859_1);
    }

    @Test
    void aPlainGetIsWhatWrkSends() {
        assertEquals("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n", head(HttpRequest.get("/hello"), "127.0.0.1:8080"));
    }

    @Test
    void fieldsBodyHostAndClose() {
        HttpRequest.Builder builder = HttpRequest.builder(HttpMethod.POST, "/upload?x=1").host("example.test")
                .field(HttpHeader.CONTENT_TYPE, "text/plain").field("X-Trace", "t1").body("héllo").close().timeoutMillis(250);
        HttpRequest request = builder.build();
        builder.field("X-Later", "not in the built request");
        assertEquals("POST /upload?x=1 HTTP/1.1\r\nHost: example.test\r\nContent-Type: text/plain\r\nX-Trace: t1\r\n"
                + "Content-Length: 6\r\nConnection: close\r\n\r\n", head(request, "127.0.0.1:1"));
        assertEquals(6, request.contentLength());
        assertFalse(request.isPersistent());
        assertEquals(250, request.timeoutMillis());
        assertEquals("POST /upload?x=1", request.toString());
    }

    @Test
    void badRequestsAreRefusedWhenBuilt() {
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.get("/a b"));
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.get(""));
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.builder(HttpMethod.GET, "/").host("a\r\nb").build());
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.builder(HttpMethod.GET, "/").field("Bad Name", "v"));
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.builder(HttpMethod.GET, "/").field("X", "a\r\nInjected: yes"));
        IllegalArgumentException framing = assertThrows(IllegalArgumentException.class,
                () -> HttpRequest.builder(HttpMethod.GET, "/").field(HttpHeader.CONTENT_LENGTH, "5").build());
        assertTrue(framing.getMessage().contains("Content-Length"), framing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.builder(HttpMethod.CONNECT, "example.test:443"));
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.builder(HttpMethod.GET, "/").timeoutMillis(-2));
        IllegalArgumentException huge = assertThrows(IllegalArgumentException.class,
                () -> HttpRequest.builder(HttpMethod.GET, "/").field("X-Big", "b".repeat(70_000)).build());
        assertTrue(huge.getMessage().contains("larger than 65536 bytes"), huge.getMessage());
    }

    private static String head(HttpRequest request, String authority, long number) {
        ByteBuffer out = ByteBuffer.allocate(8192);
        out.position(3); // the head need not start at the buffer's start
        request.writeHead(new RequestGenerator(), out, authority, number);
        assertEquals(out.position() - 3, request.headBytes(authority), "the measured head size, whatever the number");
        return new String(out.array(), 3, out.position() - 3, StandardCharsets.ISO_8859_1);
    }

    @Test
    void aNumberedFieldCarriesEachSendsNumberInPlaceOfItsPlaceholder() {
        HttpRequest request = HttpRequest.builder(HttpMethod.GET, "/hello").numberedField("X-Workbench-Trace")
                .field("X-Other", "o").build();
        assertEquals("X-Workbench-Trace", request.numberedField());
        assertEquals("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Other: o\r\nX-Workbench-Trace: 0000000000000012345\r\n\r\n",
                head(request, "127.0.0.1:8080", 12345));
        // Another authority moves the field: the offset follows the Host value's length.
        assertEquals("GET /hello HTTP/1.1\r\nHost: 10.1.2.3:1\r\nX-Other: o\r\nX-Workbench-Trace: 9223372036854775807\r\n\r\n",
                head(request, "10.1.2.3:1", Long.MAX_VALUE));
        assertEquals("GET /hello HTTP/1.1\r\nHost: 10.1.2.3:1\r\nX-Other: o\r\nX-Workbench-Trace: 0000000000000000000\r\n\r\n",
                head(request, "10.1.2.3:1", 0));
        assertEquals(head(request, "10.1.2.3:1", 0), head(request, "10.1.2.3:1"), "a send without a number writes 0");
        HttpRequest named = HttpRequest.builder(HttpMethod.GET, "/").host("example.test").numberedField("N").close().build();
        assertEquals("GET / HTTP/1.1\r\nHost: example.test\r\nN: 0000000000000000042\r\nConnection: close\r\n\r\n",
                head(named, "127.0.0.1:1", 42));
        assertNull(HttpRequest.get("/").numberedField());
    }

    @Test
    void aNumberedFieldIsCheckedAsAnyFieldAndThereIsOneAtMost() {
        assertThrows(IllegalArgumentException.class, () -> HttpRequest.builder(HttpMethod.GET, "/").numberedField("Bad Name").build());
        IllegalStateException second = assertThrows(IllegalStateException.class,
                () -> HttpRequest.builder(HttpMethod.GET, "/").numberedField("A").numberedField("B"));
        assertTrue(second.getMessage().contains("already has a numbered field, A"), second.getMessage());
    }
}
