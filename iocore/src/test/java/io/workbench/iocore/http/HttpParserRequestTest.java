package io.workbench.iocore.http;

import static io.workbench.iocore.http.Feed.bytes;
import static io.workbench.iocore.http.Feed.everyByte;
import static io.workbench.iocore.http.Feed.feed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.Feed.BufferKind;
import io.workbench.iocore.http.HttpParser.Progress;
import io.workbench.iocore.http.Recorder.Message;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Valid requests, however they are split, parse to the same message; and the parser's life cycle around them. */
class HttpParserRequestTest {

    static final String WRK = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n";

    record Case(String name, String input, Message expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Message message(String startLine, List<String> fields, String body, BodyFraming framing, boolean persistent) {
        return new Message(startLine, fields, body, List.of(), framing, persistent);
    }

    static Stream<Case> validRequests() {
        String bigCookie = "c=" + "v".repeat(3000);
        return Stream.of(
                new Case("wrk hello", WRK,
                        message("GET /hello HTTP/1.1", List.of("Host: 127.0.0.1:8080"), "", BodyFraming.NONE, true)),
                new Case("HTTP/1.0 closes by default", "GET / HTTP/1.0\r\n\r\n",
                        message("GET / HTTP/1.0", List.of(), "", BodyFraming.NONE, false)),
                new Case("HTTP/1.0 keep-alive", "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n",
                        message("GET / HTTP/1.0", List.of("Connection: Keep-Alive"), "", BodyFraming.NONE, true)),
                new Case("HTTP/1.1 Connection: close", "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
                        message("GET / HTTP/1.1", List.of("Host: a", "Connection: close"), "", BodyFraming.NONE, false)),
                new Case("close wins over keep-alive", "GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, CLOSE\r\n\r\n",
                        message("GET / HTTP/1.1", List.of("Host: a", "Connection: keep-alive, CLOSE"), "", BodyFraming.NONE, false)),
                new Case("Content-Length body", "POST /submit?x=1 HTTP/1.1\r\nHost: a\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello world",
                        message("POST /submit?x=1 HTTP/1.1", List.of("Host: a", "Content-Type: text/plain", "Content-Length: 11"),
                                "hello world", BodyFraming.CONTENT_LENGTH, true)),
                new Case("Content-Length 0", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
                        message("POST / HTTP/1.1", List.of("Host: a", "Content-Length: 0"), "", BodyFraming.CONTENT_LENGTH, true)),
                new Case("chunked with extensions and trailers",
                        "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                                + "5;ext=1\r\nhello\r\n6 ; name=\"q v\" ;x\r\n world\r\n0;last\r\nX-Checksum: abc\r\nX-Other:  d \r\n\r\n",
                        new Message("POST /c HTTP/1.1", List.of("Host: a", "Transfer-Encoding: chunked"), "hello world",
                                List.of("X-Checksum: abc", "X-Other: d"), BodyFraming.CHUNKED, true)),
                new Case("chunked, hex sizes in both cases, no trailers",
                        "PUT /c HTTP/1.1\r\nHost: a\r\ntransfer-encoding: Chunked\r\n\r\na\r\n0123456789\r\nA\r\nabcdefghij\r\n000\r\n\r\n",
                        message("PUT /c HTTP/1.1", List.of("Host: a", "Transfer-Encoding: Chunked"), "0123456789abcdefghij",
                                BodyFraming.CHUNKED, true)),
                new Case("empty list elements in Transfer-Encoding are ignored", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: , chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
                        message("POST / HTTP/1.1", List.of("Host: a", "Transfer-Encoding: , chunked"), "x", BodyFraming.CHUNKED, true)),
                new Case("empty lines before the request line", "\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n",
                        message("GET / HTTP/1.1", List.of("Host: a"), "", BodyFraming.NONE, true)),
                new Case("whitespace around values, empty values", "GET / HTTP/1.1\r\nHost:   a \t\r\nX-Empty:\r\nX-Blank:  \r\nX-Inner: a  b\r\n\r\n",
                        message("GET / HTTP/1.1", List.of("Host: a", "X-Empty: ", "X-Blank: ", "X-Inner: a  b"), "", BodyFraming.NONE, true)),
                new Case("obs-text in a value", "GET / HTTP/1.1\r\nHost: a\r\nX-Latin: caf\u00e9 \u00ff\r\n\r\n",
                        message("GET / HTTP/1.1", List.of("Host: a", "X-Latin: caf\u00e9 \u00ff"), "", BodyFraming.NONE, true)),
                new Case("known names in any case keep their canonical spelling", "GET / HTTP/1.1\r\nhOsT: a\r\nCONTENT-length: 2\r\nx-custom-NAME: v\r\n\r\nok",
                        message("GET / HTTP/1.1", List.of("Host: a", "Content-Length: 2", "x-custom-NAME: v"), "ok", BodyFraming.CONTENT_LENGTH, true)),
                new Case("equal Content-Lengths, as fields and as a list", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 3 , 3\r\n\r\nabc",
                        message("POST / HTTP/1.1", List.of("Host: a", "Content-Length: 3", "Content-Length: 3 , 3"), "abc",
                                BodyFraming.CONTENT_LENGTH, true)),
                new Case("absolute-form target", "GET http://example.com:8080/a/b?q=1 HTTP/1.1\r\nHost: example.com:8080\r\n\r\n",
                        message("GET http://example.com:8080/a/b?q=1 HTTP/1.1", List.of("Host: example.com:8080"), "", BodyFraming.NONE, true)),
                new Case("asterisk-form for OPTIONS", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
                        message("OPTIONS * HTTP/1.1", List.of("Host: a"), "", BodyFraming.NONE, true)),
                new Case("authority-form for CONNECT", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
                        message("CONNECT example.com:443 HTTP/1.1", List.of("Host: example.com:443"), "", BodyFraming.NONE, true)),
                new Case("every method", "DELETE /x HTTP/1.1\r\nHost: a\r\n\r\nHEAD /x HTTP/1.1\r\nHost: a\r\n\r\n"
                        + "TRACE /x HTTP/1.1\r\nHost: a\r\n\r\nPATCH /x HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nz",
                        null),
                new Case("an empty Host, IPv6 and user info characters in the target", "GET /p@th;a=b/%2F~!$&'()*+,=:[] HTTP/1.1\r\nHost:\r\n\r\n",
                        message("GET /p@th;a=b/%2F~!$&'()*+,=:[] HTTP/1.1", List.of("Host: "), "", BodyFraming.NONE, true)),
                new Case("a header that makes the field store grow", "GET / HTTP/1.1\r\nHost: a\r\nCookie: " + bigCookie + "\r\n\r\n",
                        message("GET / HTTP/1.1", List.of("Host: a", "Cookie: " + bigCookie), "", BodyFraming.NONE, true)));
    }

    static Stream<Arguments> casesAndBufferKinds() {
        return validRequests().flatMap(c -> Stream.of(BufferKind.values()).map(kind -> Arguments.of(c, kind)));
    }

    /** Parses {@code input} cut at {@code cuts}, pipelined messages included. */
    private static List<Message> parse(String input, int[] cuts, BufferKind kind) throws BadMessageException {
        Recorder recorder = new Recorder();
        feed(HttpParser.forRequests(), recorder, bytes(input), cuts, kind, null, false);
        return recorder.messages;
    }

    private static List<Message> expected(Case c) throws BadMessageException {
        // The "every method" case checks itself against its own whole parse; the others state what they expect.
        return c.expected() == null ? parse(c.input(), new int[0], BufferKind.HEAP) : List.of(c.expected());
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("casesAndBufferKinds")
    void wholeAndByteByByte(Case c, BufferKind kind) throws BadMessageException {
        List<Message> expected = expected(c);
        assertEquals(expected, parse(c.input(), new int[0], kind), "whole");
        assertEquals(expected, parse(c.input(), everyByte(c.input().length()), kind), "byte by byte");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validRequests")
    void splitAtEveryIndex(Case c) throws BadMessageException {
        List<Message> expected = expected(c);
        for (int i = 1; i < c.input().length(); i++) {
            assertEquals(expected, parse(c.input(), new int[]{i}, BufferKind.HEAP), "split at " + i);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validRequests")
    void splitAtEveryPairOfIndexes(Case c) throws BadMessageException {
        if (c.input().length() > 400) {
            return; // the 3000-byte cookie would take 4.5 million parses; single splits cover it
        }
        List<Message> expected = expected(c);
        BufferKind[] kinds = BufferKind.values();
        for (int i = 1; i < c.input().length(); i++) {
            for (int j = i + 1; j < c.input().length(); j++) {
                BufferKind kind = kinds[(i + j) % kinds.length];
                assertEquals(expected, parse(c.input(), new int[]{i, j}, kind), () -> "split at " + c.input().length() + " " + kind);
            }
        }
    }

    @Test
    void everyMethodIsRecognised() throws BadMessageException {
        Case everyMethod = validRequests().filter(c -> c.name().equals("every method")).findFirst().orElseThrow();
        List<String> lines = parse(everyMethod.input(), new int[0], BufferKind.HEAP).stream().map(Message::startLine).toList();
        assertEquals(List.of("DELETE /x HTTP/1.1", "HEAD /x HTTP/1.1", "TRACE /x HTTP/1.1", "PATCH /x HTTP/1.1"), lines);
        for (HttpMethod method : HttpMethod.values()) {
            String target = method == HttpMethod.CONNECT ? "h:1" : method == HttpMethod.OPTIONS ? "*" : "/";
            Message parsed = parse(method + " " + target + " HTTP/1.1\r\nHost: h\r\n\r\n", new int[0], BufferKind.HEAP).get(0);
            assertEquals(method + " " + target + " HTTP/1.1", parsed.startLine());
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void pipelinedRequestsComeOutInOrderOneAtATime(BufferKind kind) throws BadMessageException {
        String pipeline = WRK + "POST /two HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
                + "PUT /three HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxy\r\n0\r\n\r\n" + WRK;
        ByteBuffer buffer = kind.wrap(bytes(pipeline), 0, pipeline.length());
        HttpParser parser = HttpParser.forRequests();
        Recorder recorder = new Recorder();
        List<String> targets = new ArrayList<>();
        while (buffer.hasRemaining()) {
            int before = buffer.position();
            assertEquals(Progress.MESSAGE_COMPLETE, parser.parse(buffer, recorder));
            assertTrue(buffer.position() > before);
            targets.add(parser.target());
            assertThrows(IllegalStateException.class, () -> parser.parse(buffer, recorder), "the parser stops until reset()");
            parser.reset();
        }
        assertEquals(List.of("/hello", "/two", "/three", "/hello"), targets);
        assertEquals(List.of("", "abc", "xy", ""), recorder.messages.stream().map(Message::body).toList());
        assertEquals(Progress.NEED_INPUT, parser.parse(buffer, recorder));
        assertEquals(Progress.CLOSED, parser.endOfInput(recorder));
    }

    @Test
    void theParserStopsAtTheEndOfEachMessageLeavingTheNextInTheBuffer() throws BadMessageException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes(WRK + WRK));
        HttpParser parser = HttpParser.forRequests();
        assertEquals(Progress.MESSAGE_COMPLETE, parser.parse(buffer, new Recorder()));
        assertEquals(WRK.length(), buffer.position());
        assertEquals(WRK.length(), buffer.remaining());
    }

    @Test
    void aHandlerCanPauseAfterTheHeadAndAfterEachPieceOfContent() throws BadMessageException {
        String request = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        ByteBuffer buffer = ByteBuffer.wrap(bytes(request));
        HttpParser parser = HttpParser.forRequests();
        Recorder recorder = new Recorder();
        recorder.pauseOnHead = true;
        recorder.pauseOnContent = true;
        assertEquals(Progress.PAUSED, parser.parse(buffer, recorder));
        assertEquals(List.of("head"), recorder.events);
        assertTrue(parser.isHeadComplete());
        assertEquals(BodyFraming.CHUNKED, parser.bodyFraming());
        assertEquals(Progress.PAUSED, parser.parse(buffer, recorder));
        assertEquals(Progress.PAUSED, parser.parse(buffer, recorder));
        assertEquals(List.of("head", "content", "content"), recorder.events);
        assertEquals(Progress.MESSAGE_COMPLETE, parser.parse(buffer, recorder));
        assertEquals(List.of("head", "content", "content", "complete"), recorder.events);
        assertEquals("abcde", recorder.messages.get(0).body());
    }

    @Test
    void aPauseAfterTheHeadOfABodilessRequestCompletesItOnTheNextCallEvenWithoutInput() throws BadMessageException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes(WRK));
        HttpParser parser = HttpParser.forRequests();
        Recorder recorder = new Recorder();
        recorder.pauseOnHead = true;
        assertEquals(Progress.PAUSED, parser.parse(buffer, recorder));
        assertFalse(buffer.hasRemaining());
        assertFalse(parser.isMessageComplete());
        assertEquals(Progress.MESSAGE_COMPLETE, parser.parse(ByteBuffer.allocate(0), recorder));
        assertTrue(parser.isMessageComplete());
    }

    @Test
    void contentIsAReadOnlyViewOfTheInputNotACopy() throws BadMessageException {
        String request = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello";
        ByteBuffer input = ByteBuffer.wrap(bytes(request));
        HttpParser parser = HttpParser.forRequests();
        List<ByteBuffer> views = new ArrayList<>();
        HttpParser.Handler handler = new HttpParser.Handler() {
            @Override
            public boolean headComplete(HttpParser p) {
                return false;
            }

            @Override
            public boolean content(HttpParser p, ByteBuffer content) {
                views.add(content);
                return false;
            }

            @Override
            public void messageComplete(HttpParser p) {
            }
        };
        parser.parse(input, handler);
        ByteBuffer view = views.get(0);
        assertEquals(request.length() - 5, view.position());
        assertEquals(5, view.remaining());
        input.put(request.length() - 5, (byte) 'j');
        assertEquals('j', view.get(view.position()), "the view shares the input's bytes");
        assertThrows(java.nio.ReadOnlyBufferException.class, () -> view.put(0, (byte) 0));
    }

    @Test
    void pathAndQueryOfEachTargetForm() throws BadMessageException {
        assertPathAndQuery("/hello?wait=10&x", "/hello", "wait=10&x");
        assertPathAndQuery("/hello", "/hello", null);
        assertPathAndQuery("/a/b?", "/a/b", "");
        assertPathAndQuery("/?q=/x?y", "/", "q=/x?y");
        assertPathAndQuery("http://example.com:8080/a/b?q=1", "/a/b", "q=1");
        assertPathAndQuery("http://example.com", "/", null);
        assertPathAndQuery("http://example.com?q", "/", "q");
        assertPathAndQuery("urn:isbn:123", "isbn:123", null);
        assertPathAndQuery("*", "*", null);
    }

    private static void assertPathAndQuery(String target, String path, String query) throws BadMessageException {
        String method = target.equals("*") ? "OPTIONS" : "GET";
        HttpParser parser = HttpParser.forRequests();
        parser.parse(ByteBuffer.wrap(bytes(method + " " + target + " HTTP/1.1\r\nHost: h\r\n\r\n")), new Recorder());
        assertEquals(target, parser.target());
        assertSame(parser.target(), parser.target(), "decoded once");
        assertEquals(path, parser.path(), target);
        assertEquals(query, parser.query(), target);
    }

    @Test
    void aTargetIsReusedOnlyWhenTheNextMessageRepeatsIt() throws BadMessageException {
        HttpParser parser = HttpParser.forRequests();
        ByteBuffer input = ByteBuffer.wrap(bytes("GET /a?x HTTP/1.1\r\nHost: h\r\n\r\nGET /a?x HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /b?x HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\nOPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n"));
        parser.parse(input, new Recorder());
        String first = parser.target();
        String firstPath = parser.path();
        parser.reset();
        parser.parse(input, new Recorder());
        assertSame(first, parser.target(), "the same bytes: the same String");
        assertSame(firstPath, parser.path());
        assertEquals("x", parser.query());
        parser.reset();
        parser.parse(input, new Recorder());
        assertEquals("/b?x", parser.target());
        assertEquals("/b", parser.path());
        assertEquals("x", parser.query());
        parser.reset();
        parser.parse(input, new Recorder());
        assertEquals("/b", parser.target());
        assertEquals("/b", parser.path());
        assertNull(parser.query());
        parser.reset();
        parser.parse(input, new Recorder());
        assertEquals("*", parser.path());
    }

    @Test
    void everyHostTheGrammarAllowsIsAccepted() throws BadMessageException {
        // Host = uri-host [ ":" port ] (RFC 9110 section 7.2, RFC 3986 section 3.2.2); an empty value and an empty port are allowed.
        for (String host : List.of("a", "a:80", "a:", "", "127.0.0.1:8080", "[::1]", "[::1]:8080", "[v1.x]", "xn--bcher-kva.example",
                "a%20b", "a%2F", "!$&'()*+,;=-._~")) {
            String input = "GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n";
            List<Message> parsed = parse(input, new int[0], BufferKind.HEAP);
            assertEquals(List.of("Host: " + host), parsed.getFirst().fields(), host);
        }
    }

    @Test
    void connectHasNoPath() throws BadMessageException {
        HttpParser parser = HttpParser.forRequests();
        parser.parse(ByteBuffer.wrap(bytes("CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\n\r\n")), new Recorder());
        assertEquals("", parser.path());
        assertNull(parser.query());
    }

    @Test
    void resetForgetsTheMessageAndIsRefusedInTheMiddleOfOne() throws BadMessageException {
        HttpParser parser = HttpParser.forRequests();
        Recorder recorder = new Recorder();
        parser.parse(ByteBuffer.wrap(bytes("POST /a HTTP/1.1\r\nHost: a\r\nX-One: 1\r\nContent-Length: 1\r\n\r\nz")), recorder);
        assertEquals(3, parser.fields().size());
        parser.reset();
        assertFalse(parser.isHeadComplete());
        assertThrows(IllegalStateException.class, parser::fields, "nothing to read before the next head");
        parser.reset(); // idempotent between messages
        assertEquals(Progress.NEED_INPUT, parser.parse(ByteBuffer.wrap(bytes("GET /b HTTP/1.1\r\nHo")), recorder));
        IllegalStateException midway = assertThrows(IllegalStateException.class, parser::reset);
        assertTrue(midway.getMessage().contains("middle of a message"), midway.getMessage());
        assertEquals(Progress.MESSAGE_COMPLETE, parser.parse(ByteBuffer.wrap(bytes("st: b\r\n\r\n")), recorder));
        assertEquals("/b", parser.target());
        assertEquals(List.of("Host: b"), Recorder.lines(parser.fields()));
        assertEquals(-1, parser.contentLength());
    }

    @Test
    void accessorsBelongToTheirSideAndToACompleteHead() {
        HttpParser requests = HttpParser.forRequests();
        assertThrows(IllegalStateException.class, requests::method);
        assertThrows(IllegalStateException.class, requests::status);
        assertThrows(IllegalStateException.class, () -> requests.expectResponseTo(HttpMethod.GET));
        HttpParser responses = HttpParser.forResponses();
        assertThrows(IllegalStateException.class, responses::target);
        assertThrows(IllegalStateException.class, responses::status);
    }

    @Test
    void endOfInputBetweenMessagesIsACleanClose() throws BadMessageException {
        HttpParser parser = HttpParser.forRequests();
        Recorder recorder = new Recorder();
        assertEquals(Progress.CLOSED, parser.endOfInput(recorder));
        assertEquals(Progress.CLOSED, parser.endOfInput(recorder), "idempotent");
        assertThrows(IllegalStateException.class, () -> parser.parse(ByteBuffer.wrap(bytes(WRK)), recorder));
        assertThrows(IllegalStateException.class, parser::reset);

        HttpParser afterMessage = HttpParser.forRequests();
        afterMessage.parse(ByteBuffer.wrap(bytes(WRK)), recorder);
        assertEquals(Progress.CLOSED, afterMessage.endOfInput(recorder));
    }

    @Test
    void toStringShowsTheState() throws BadMessageException {
        HttpParser parser = HttpParser.forRequests();
        parser.parse(ByteBuffer.wrap(bytes("GET /hello HTTP/1.1\r\nHost: a")), new Recorder());
        String text = parser.toString();
        assertTrue(text.startsWith("HttpParser@") && text.contains("requests") && text.contains("FIELD_VALUE"), text);
    }
}
