package io.workbench.iocore.http;

import static io.workbench.iocore.http.Feed.bytes;
import static io.workbench.iocore.http.Feed.everyByte;
import static io.workbench.iocore.http.Feed.feed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.Feed.BufferKind;
import io.workbench.iocore.http.HttpParser.Progress;
import io.workbench.iocore.http.Recorder.Message;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The response side, as a client reads it: every way a body is delimited, and what a client must refuse. */
class HttpParserResponseTest {

    /**
     * @param methods    the methods of the requests the responses answer, in order
     * @param endOfInput whether the server closes after the last byte
     */
    record Case(String name, String input, List<HttpMethod> methods, boolean endOfInput, List<Message> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Message message(String startLine, List<String> fields, String body, BodyFraming framing, boolean persistent) {
        return new Message(startLine, fields, body, List.of(), framing, persistent);
    }

    private static final String HELLO = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello";
    private static final Message HELLO_MESSAGE = message("HTTP/1.1 200", List.of("Content-Type: text/plain", "Content-Length: 5"), "hello",
            BodyFraming.CONTENT_LENGTH, true);

    static Stream<Case> validResponses() {
        List<HttpMethod> get = List.of(HttpMethod.GET);
        return Stream.of(
                new Case("Content-Length", HELLO, get, false, List.of(HELLO_MESSAGE)),
                new Case("chunked with trailers", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nhel\r\n2\r\nlo\r\n0\r\nX-Sum: 1\r\n\r\n", get, false,
                        List.of(new Message("HTTP/1.1 200", List.of("Transfer-Encoding: chunked"), "hello", List.of("X-Sum: 1"), BodyFraming.CHUNKED, true))),
                new Case("until close", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello, until the end", get, true,
                        List.of(message("HTTP/1.1 200", List.of("Content-Type: text/plain"), "hello, until the end", BodyFraming.UNTIL_CLOSE, false))),
                new Case("until close, empty", "HTTP/1.0 200 OK\r\n\r\n", get, true,
                        List.of(message("HTTP/1.0 200", List.of(), "", BodyFraming.UNTIL_CLOSE, false))),
                new Case("unknown transfer coding: until close", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nzzz", get, true,
                        List.of(message("HTTP/1.1 200", List.of("Transfer-Encoding: gzip"), "zzz", BodyFraming.UNTIL_CLOSE, false))),
                new Case("chunked not last: until close", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n1\r\nz", get, true,
                        List.of(message("HTTP/1.1 200", List.of("Transfer-Encoding: chunked, gzip"), "1\r\nz", BodyFraming.UNTIL_CLOSE, false))),
                new Case("HEAD: no body despite Content-Length, then the next response", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n" + HELLO,
                        List.of(HttpMethod.HEAD, HttpMethod.GET), false,
                        List.of(message("HTTP/1.1 200", List.of("Content-Length: 5"), "", BodyFraming.NONE, true), HELLO_MESSAGE)),
                new Case("204: no body", "HTTP/1.1 204 No Content\r\n\r\n" + HELLO, List.of(HttpMethod.DELETE, HttpMethod.GET), false,
                        List.of(message("HTTP/1.1 204", List.of(), "", BodyFraming.NONE, true), HELLO_MESSAGE)),
                new Case("304: no body despite Content-Length", "HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n" + HELLO, List.of(HttpMethod.GET, HttpMethod.GET), false,
                        List.of(message("HTTP/1.1 304", List.of("Content-Length: 10"), "", BodyFraming.NONE, true), HELLO_MESSAGE)),
                new Case("100 Continue, then the final response", "HTTP/1.1 100 Continue\r\n\r\n" + HELLO, List.of(HttpMethod.POST, HttpMethod.POST), false,
                        List.of(message("HTTP/1.1 100", List.of(), "", BodyFraming.NONE, true), HELLO_MESSAGE)),
                new Case("HTTP/1.0 keep-alive", "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok", get, false,
                        List.of(message("HTTP/1.0 200", List.of("Connection: keep-alive", "Content-Length: 2"), "ok", BodyFraming.CONTENT_LENGTH, true))),
                new Case("Connection: close", "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", get, false,
                        List.of(message("HTTP/1.1 200", List.of("Connection: close", "Content-Length: 2"), "ok", BodyFraming.CONTENT_LENGTH, false))),
                new Case("no reason phrase", "HTTP/1.1 404 \r\nContent-Length: 0\r\n\r\n", get, false,
                        List.of(message("HTTP/1.1 404", List.of("Content-Length: 0"), "", BodyFraming.CONTENT_LENGTH, true))),
                new Case("no space after the status code", "HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n", get, false,
                        List.of(message("HTTP/1.1 200", List.of("Content-Length: 0"), "", BodyFraming.CONTENT_LENGTH, true))),
                new Case("a reason with spaces and obs-text", "HTTP/1.1 599 Tr\u00e8s Bad \t Day\r\nContent-Length: 0\r\n\r\n", get, false,
                        List.of(message("HTTP/1.1 599", List.of("Content-Length: 0"), "", BodyFraming.CONTENT_LENGTH, true))),
                new Case("2xx to CONNECT: a tunnel, no body", "HTTP/1.1 200 Connection Established\r\n\r\n", List.of(HttpMethod.CONNECT), false,
                        List.of(message("HTTP/1.1 200", List.of(), "", BodyFraming.NONE, false))),
                new Case("pipelined responses", HELLO + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n" + HELLO,
                        List.of(HttpMethod.GET, HttpMethod.GET, HttpMethod.GET), false,
                        List.of(HELLO_MESSAGE, message("HTTP/1.1 200", List.of("Transfer-Encoding: chunked"), "hi", BodyFraming.CHUNKED, true), HELLO_MESSAGE)));
    }

    private static List<Message> parse(Case c, int[] cuts, BufferKind kind) throws BadMessageException {
        Recorder recorder = new Recorder();
        feed(HttpParser.forResponses(), recorder, bytes(c.input()), cuts, kind, c.methods(), c.endOfInput());
        return recorder.messages;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validResponses")
    void everyBodyDelimitationHoweverSplit(Case c) throws BadMessageException {
        for (BufferKind kind : BufferKind.values()) {
            assertEquals(c.expected(), parse(c, new int[0], kind), "whole " + kind);
            assertEquals(c.expected(), parse(c, everyByte(c.input().length()), kind), "byte by byte " + kind);
        }
        for (int i = 1; i < c.input().length(); i++) {
            for (int j = i + 1; j < c.input().length(); j += 3) {
                assertEquals(c.expected(), parse(c, new int[]{i, j}, BufferKind.HEAP), "split at " + i + " and " + j);
            }
        }
    }

    @Test
    void aBodyUntilCloseEndsOnlyWithTheInput() throws BadMessageException {
        HttpParser parser = HttpParser.forResponses();
        Recorder recorder = new Recorder();
        assertEquals(Progress.NEED_INPUT, parser.parse(ByteBuffer.wrap(bytes("HTTP/1.1 200 OK\r\n\r\nsome")), recorder));
        assertEquals(Progress.NEED_INPUT, parser.parse(ByteBuffer.wrap(bytes(" more")), recorder));
        assertEquals(List.of(), recorder.messages);
        assertEquals(Progress.MESSAGE_COMPLETE, parser.endOfInput(recorder));
        assertEquals("some more", recorder.messages.get(0).body());
        assertEquals(Progress.CLOSED, parser.endOfInput(recorder));
    }

    @Test
    void aBodyUntilCloseIsBoundedByTheContentLimit() {
        HttpParser parser = HttpParser.forResponses(HttpLimits.DEFAULT.withMaxContentLength(4));
        Recorder recorder = new Recorder();
        BadMessageException failure = assertThrows(BadMessageException.class,
                () -> feed(parser, recorder, bytes("HTTP/1.1 200 OK\r\n\r\nabcde"), everyByte(24), BufferKind.HEAP, List.of(HttpMethod.GET), false));
        assertEquals(413, failure.status());
        assertEquals(List.of("head", "content", "content", "content", "content"), recorder.events, "4 bytes delivered, the fifth refused");
    }

    @Test
    void aTruncatedResponseIsBad() throws BadMessageException {
        HttpParser parser = HttpParser.forResponses();
        Recorder recorder = new Recorder();
        parser.parse(ByteBuffer.wrap(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel")), recorder);
        assertEquals(400, assertThrows(BadMessageException.class, () -> parser.endOfInput(recorder)).status());
    }

    @Test
    void aResponseNobodyToldTheParserAboutAnswersAGet() throws BadMessageException {
        HttpParser parser = HttpParser.forResponses();
        Recorder recorder = new Recorder();
        parser.expectResponseTo(HttpMethod.HEAD);
        ByteBuffer input = ByteBuffer.wrap(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n" + HELLO));
        assertEquals(Progress.MESSAGE_COMPLETE, parser.parse(input, recorder));
        parser.reset();
        assertEquals(Progress.MESSAGE_COMPLETE, parser.parse(input, recorder));
        assertEquals(List.of("", "hello"), recorder.messages.stream().map(Message::body).toList(), "the HEAD is forgotten by reset()");
    }

    @Test
    void theMethodAnsweredMustBeToldBeforeTheResponseStarts() throws BadMessageException {
        HttpParser parser = HttpParser.forResponses();
        parser.parse(ByteBuffer.wrap(bytes("HTTP/1.1 2")), new Recorder());
        assertThrows(IllegalStateException.class, () -> parser.expectResponseTo(HttpMethod.HEAD));
    }

    static Stream<Object[]> badResponses() {
        return Stream.of(
                new Object[]{"HTTP/2 200 OK\r\n\r\n", 505},
                new Object[]{"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
                new Object[]{"HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 20 OK\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 2000 OK\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 099 OK\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 600 OK\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 2x0 OK\r\n\r\n", 400},
                new Object[]{"HTTP/1.1\r\n\r\n", 400},
                new Object[]{" HTTP/1.1 200 OK\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 200 OK\nContent-Length: 0\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 200 O\u0000K\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n folded\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 200 OK\r\nContent-Length : 0\r\n\r\n", 400},
                new Object[]{"HTTP/1.1 200 OK\r\nContent-Length: 20000000\r\n\r\n", 413});
    }

    @ParameterizedTest
    @MethodSource("badResponses")
    void aClientRefusesBadResponses(String input, int status) {
        for (int[] cuts : List.of(new int[0], everyByte(input.length()))) {
            Recorder recorder = new Recorder();
            BadMessageException failure = assertThrows(BadMessageException.class,
                    () -> feed(HttpParser.forResponses(), recorder, bytes(input), cuts, BufferKind.HEAP, List.of(HttpMethod.GET), false));
            assertEquals(status, failure.status(), failure.getMessage());
            assertTrue(recorder.messages.isEmpty());
        }
    }

    @Test
    void aStatusLineOverTheLimitIsRefused() {
        HttpLimits limits = HttpLimits.DEFAULT.withMaxStartLineLength(20);
        String atLimit = "HTTP/1.1 200 " + "r".repeat(7) + "\r\n\r\n";
        assertEquals(20, atLimit.indexOf('\r'));
        Recorder recorder = new Recorder();
        try {
            feed(HttpParser.forResponses(limits), recorder, bytes(atLimit), new int[0], BufferKind.HEAP, List.of(HttpMethod.HEAD), false);
        } catch (BadMessageException x) {
            throw new AssertionError(x);
        }
        assertEquals(1, recorder.messages.size());
        assertThrows(BadMessageException.class, () -> feed(HttpParser.forResponses(limits), new Recorder(), bytes(atLimit.replace("r\r", "rr\r")),
                new int[0], BufferKind.HEAP, List.of(HttpMethod.HEAD), false));
    }
}
