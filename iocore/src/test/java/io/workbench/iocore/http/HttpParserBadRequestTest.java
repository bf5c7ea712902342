package io.workbench.iocore.http;

import static io.workbench.iocore.http.Feed.bytes;
import static io.workbench.iocore.http.Feed.everyByte;
import static io.workbench.iocore.http.Feed.feed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.Feed.BufferKind;
import io.workbench.iocore.http.HttpParser.Progress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad request maps to its status, wherever the input is split, before the handler
 * hears of a head it should not have accepted; a failed parser cannot be made to go on; every
 * limit holds exactly at its boundary and fails one byte past it.
 */
class HttpParserBadRequestTest {

    private static final String HOST = "Host: a\r\n";

    /**
     * @param headOk whether the head is valid and reaches the handler before the body fails
     */
    record Bad(String name, String input, int status, String reason, boolean headOk) {
        @Override
        public String toString() {
            return name + " -> " + status;
        }
    }

    private static Bad head(String name, String input, int status, String reason) {
        return new Bad(name, input, status, reason, false);
    }

    private static Bad body(String name, String input, int status, String reason) {
        return new Bad(name, input, status, reason, true);
    }

    private static String request(String fields) {
        return "GET / HTTP/1.1\r\n" + fields + "\r\n";
    }

    private static String chunked(String body) {
        return "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + body;
    }

    static Stream<Bad> badRequests() {
        return Stream.of(
                // The request line: 400, 501 for a method we do not implement, 505 for a version we do not speak.
                head("no version (HTTP/0.9 style)", "GET /\r\n\r\n", 400, "no HTTP version"),
                head("two spaces after the method", "GET  / HTTP/1.1\r\n" + HOST + "\r\n", 400, "empty request target"),
                head("space at the start", " GET / HTTP/1.1\r\n" + HOST + "\r\n", 400, "starts with"),
                head("tab instead of space", "GET\t/ HTTP/1.1\r\n" + HOST + "\r\n", 400, "in the method"),
                head("a space in the target", "GET /a b HTTP/1.1\r\n" + HOST + "\r\n", 400, "more than three parts"),
                head("trailing space after the version", "GET / HTTP/1.1 \r\n" + HOST + "\r\n", 400, "more than three parts"),
                head("invalid character in the target", "GET /a\"b HTTP/1.1\r\n" + HOST + "\r\n", 400, "in the request target"),
                head("fragment in the target", "GET /a#b HTTP/1.1\r\n" + HOST + "\r\n", 400, "in the request target"),
                head("control character in the target", "GET /a\u0001 HTTP/1.1\r\n" + HOST + "\r\n", 400, "in the request target"),
                head("target that is no path or URI", "GET foo HTTP/1.1\r\n" + HOST + "\r\n", 400, "neither a path"),
                head("asterisk for GET", "GET * HTTP/1.1\r\n" + HOST + "\r\n", 400, "only for OPTIONS"),
                head("path for CONNECT", "CONNECT / HTTP/1.1\r\n" + HOST + "\r\n", 400, "authority-form"),
                head("bare LF ends the request line", "GET / HTTP/1.1\n" + HOST + "\r\n", 400, "bare LF"),
                head("bare CR in the request line", "GET / HTTP/1.1\rX", 400, "bare CR"),
                head("bare LF before the request line", "\nGET / HTTP/1.1\r\n" + HOST + "\r\n", 400, "bare LF"),
                head("bare CR before the request line", "\rGET / HTTP/1.1\r\n" + HOST + "\r\n", 400, "bare CR"),
                head("empty version", "GET / \r\n" + HOST + "\r\n", 400, "empty HTTP version"),
                head("lower-case method", "get / HTTP/1.1\r\n" + HOST + "\r\n", 501, "unknown method get"),
                head("unknown method", "BREW / HTTP/1.1\r\n" + HOST + "\r\n", 501, "unknown method BREW"),
                head("method longer than any we implement", "PROPFIND / HTTP/1.1\r\n" + HOST + "\r\n", 501, "unknown method"),
                head("HTTP/2.0", "GET / HTTP/2.0\r\n" + HOST + "\r\n", 505, "HTTP/2.0"),
                head("HTTP/1.2", "GET / HTTP/1.2\r\n" + HOST + "\r\n", 505, "HTTP/1.2"),
                head("HTTP/0.9", "GET / HTTP/0.9\r\n\r\n", 505, "HTTP/0.9"),
                head("lower-case version", "GET / http/1.1\r\n" + HOST + "\r\n", 505, "http/1.1"),
                head("garbage version", "GET / FOO\r\n" + HOST + "\r\n", 505, "FOO"),
                head("version with a tail", "GET / HTTP/1.10\r\n" + HOST + "\r\n", 505, "HTTP/1.1"),
                head("control character in the version", "GET / HTTP/1.1\u0000\r\n" + HOST + "\r\n", 400, "in the HTTP version"),
                // Field lines.
                head("whitespace between name and colon", request("Host : a\r\n"), 400, "between a field name and its colon"),
                head("tab between name and colon", request(HOST + "X-A\t: b\r\n"), 400, "between a field name and its colon"),
                head("obs-fold", request(HOST + "X-A: b\r\n  c\r\n"), 400, "obs-fold"),
                head("obs-fold with a tab", request(HOST + "X-A: b\r\n\tc\r\n"), 400, "obs-fold"),
                head("whitespace before the first field", "GET / HTTP/1.1\r\n Host: a\r\n\r\n", 400, "between the start line and the first field"),
                head("field line without colon", request(HOST + "X-A b\r\n"), 400, "between a field name and its colon"),
                head("field line that is only a name", request(HOST + "X-A\r\n"), 400, "without a colon"),
                head("invalid character in a field name", request(HOST + "X-(A): b\r\n"), 400, "in a field name"),
                head("field line starting with a colon", request(HOST + ": b\r\n"), 400, "at the start of a field name"),
                head("NUL in a value", request(HOST + "X-A: a\u0000b\r\n"), 400, "0x00"),
                head("DEL in a value", request(HOST + "X-A: a\u007fb\r\n"), 400, "0x7F"),
                head("bare CR in a value", request(HOST + "X-A: a\rb\r\n"), 400, "bare CR"),
                head("bare LF in a value", request(HOST + "X-A: a\nb\r\n"), 400, "bare LF"),
                head("bare LF ends the header section", "GET / HTTP/1.1\r\n" + HOST + "\n", 400, "bare LF"),
                head("bare CR ends the header section", "GET / HTTP/1.1\r\n" + HOST + "\rX", 400, "bare CR"),
                // Host (RFC 9112 section 3.2).
                head("HTTP/1.1 without Host", request("X-A: b\r\n"), 400, "without Host"),
                head("two Host fields", request(HOST + "Host: b\r\n"), 400, "more than one Host"),
                head("a space inside Host", request("Host: a b\r\n"), 400, "in Host"),
                head("a slash in Host", request("Host: a/b\r\n"), 400, "in Host"),
                head("a percent sign in Host that encodes nothing", request("Host: a%zz\r\n"), 400, "invalid Host"),
                head("a percent sign at the end of Host", request("Host: a%2\r\n"), 400, "invalid Host"),
                head("a port in Host that is not a number", request("Host: a:b\r\n"), 400, "invalid Host"),
                head("two colons in a Host name", request("Host: a:1:2\r\n"), 400, "invalid Host"),
                head("an IP literal in Host that is not closed", request("Host: [::1\r\n"), 400, "invalid Host"),
                head("an empty IP literal in Host", request("Host: []\r\n"), 400, "invalid Host"),
                head("brackets inside a Host name", request("Host: a[b]\r\n"), 400, "invalid Host"),
                head("something after an IP literal in Host", request("Host: [::1]x\r\n"), 400, "invalid Host"),
                head("a port in Host without a name", request("Host: :80\r\n"), 400, "invalid Host"),
                // Framing: the request-smuggling vectors and bad lengths.
                head("Content-Length with Transfer-Encoding", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
                        400, "both Content-Length and Transfer-Encoding"),
                head("Transfer-Encoding with Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
                        400, "both Content-Length and Transfer-Encoding"),
                head("two different Content-Lengths", request(HOST + "Content-Length: 3\r\nContent-Length: 4\r\n"), 400, "different Content-Length values: 3 and 4"),
                head("a list of different Content-Lengths", request(HOST + "Content-Length: 3, 4\r\n"), 400, "different Content-Length values"),
                head("negative Content-Length", request(HOST + "Content-Length: -1\r\n"), 400, "not a non-negative number"),
                head("signed Content-Length", request(HOST + "Content-Length: +1\r\n"), 400, "not a non-negative number"),
                head("non-numeric Content-Length", request(HOST + "Content-Length: ten\r\n"), 400, "not a non-negative number"),
                head("hexadecimal Content-Length", request(HOST + "Content-Length: 0x10\r\n"), 400, "not a non-negative number"),
                head("empty Content-Length", request(HOST + "Content-Length:\r\n"), 400, "empty Content-Length"),
                head("empty Content-Length list element", request(HOST + "Content-Length: 3,\r\n"), 400, "empty Content-Length"),
                head("Content-Length beyond 63 bits", request(HOST + "Content-Length: 9223372036854775808\r\n"), 400, "63 bits"),
                // Transfer codings (RFC 9112 sections 6.1 and 6.3): a request whose final coding is not
                // chunked has no reliable length, 400 whether we know its codings or not; a coding we do
                // not implement before a final chunked is a 501.
                head("chunked not final", request(HOST + "Transfer-Encoding: chunked, gzip\r\n"), 400, "chunked is not the final transfer coding"),
                head("chunked not final, over two fields", request(HOST + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n"), 400,
                        "chunked is not the final transfer coding"),
                head("chunked not final, upper case", request(HOST + "Transfer-Encoding: CHUNKED , GZIP\r\n"), 400, "chunked is not the final"),
                head("only an unknown coding", request(HOST + "Transfer-Encoding: gzip\r\n"), 400, "final transfer coding is not chunked"),
                head("chunked with parameters, which is not chunked", request(HOST + "Transfer-Encoding: chunked;q=1\r\n"), 400,
                        "final transfer coding is not chunked"),
                head("unsupported coding before a final chunked", request(HOST + "Transfer-Encoding: gzip, chunked\r\n"), 501, "only chunked"),
                head("unsupported coding before a final chunked, over two fields", request(HOST + "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n"),
                        501, "only chunked"),
                head("chunked twice", request(HOST + "Transfer-Encoding: chunked, chunked\r\n"), 400, "more than once"),
                head("chunked twice, over two fields", request(HOST + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n"), 400, "more than once"),
                head("empty Transfer-Encoding", request(HOST + "Transfer-Encoding:\r\n"), 400, "empty Transfer-Encoding"),
                head("invalid transfer coding", request(HOST + "Transfer-Encoding: chun ked\r\n"), 400, "invalid transfer coding"),
                head("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "HTTP/1.0"),
                head("invalid Connection option", request(HOST + "Connection: clo\"se\r\n"), 400, "invalid Connection"),
                // Chunked bodies.
                body("chunk size that is not hexadecimal", chunked("zz\r\n"), 400, "where a chunk size belongs"),
                body("empty chunk size", chunked("\r\n"), 400, "where a chunk size belongs"),
                body("negative chunk size", chunked("-1\r\n"), 400, "where a chunk size belongs"),
                body("chunk data longer than its size", chunked("5\r\nhello!\r\n0\r\n\r\n"), 400, "not followed by CRLF"),
                body("chunk data with a bare LF after it", chunked("5\r\nhello\n0\r\n\r\n"), 400, "not followed by CRLF"),
                body("whitespace after a chunk size without extension", chunked("5 \r\nhello\r\n0\r\n\r\n"), 400, "without a chunk extension"),
                body("bare LF after a chunk size", chunked("5\nhello\r\n0\r\n\r\n"), 400, "after a chunk size"),
                body("bare CR after a chunk size", chunked("5\rhello\r\n0\r\n\r\n"), 400, "bare CR"),
                body("control character in a chunk extension", chunked("5;a=\u0001\r\nhello\r\n0\r\n\r\n"), 400, "in a chunk extension"),
                body("obs-fold in the trailer section", chunked("0\r\nX-A: b\r\n c\r\n\r\n"), 400, "obs-fold"),
                body("invalid character in a trailer value", chunked("0\r\nX-A: \u0000\r\n\r\n"), 400, "in a field value"),
                body("bare LF in the trailer section", chunked("0\r\n\n"), 400, "bare LF in the trailer section"));
    }

    private static BadMessageException parseExpectingFailure(HttpParser parser, Recorder recorder, String input, int[] cuts, BufferKind kind) {
        return assertThrows(BadMessageException.class, () -> feed(parser, recorder, bytes(input), cuts, kind, null, false));
    }

    private static void assertBad(Bad bad, BadMessageException failure, Recorder recorder, String how) {
        assertEquals(bad.status(), failure.status(), () -> how + ": " + failure.getMessage());
        assertTrue(failure.reason().contains(bad.reason()), () -> how + ": reason '" + failure.reason() + "' should say '" + bad.reason() + "'");
        assertEquals(bad.headOk() ? "head" : "none", recorder.events.isEmpty() ? "none" : recorder.events.get(0),
                () -> how + ": the handler must hear of a head only if it was valid: " + recorder.events);
        assertTrue(recorder.messages.isEmpty(), how + ": no message may complete");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void badInputGetsItsStatusHoweverItIsSplit(Bad bad) {
        for (BufferKind kind : BufferKind.values()) {
            Recorder whole = new Recorder();
            assertBad(bad, parseExpectingFailure(HttpParser.forRequests(), whole, bad.input(), new int[0], kind), whole, "whole " + kind);
            Recorder byByte = new Recorder();
            assertBad(bad, parseExpectingFailure(HttpParser.forRequests(), byByte, bad.input(), everyByte(bad.input().length()), kind), byByte,
                    "byte by byte " + kind);
        }
        for (int i = 1; i < bad.input().length(); i++) {
            Recorder split = new Recorder();
            assertBad(bad, parseExpectingFailure(HttpParser.forRequests(), split, bad.input(), new int[]{i}, BufferKind.HEAP), split, "split at " + i);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void aFailedParserCannotBeMadeToContinue(Bad bad) {
        HttpParser parser = HttpParser.forRequests();
        Recorder recorder = new Recorder();
        BadMessageException failure = parseExpectingFailure(parser, recorder, bad.input(), new int[0], BufferKind.HEAP);
        assertTrue(parser.isFailed());
        int events = recorder.events.size();
        ByteBuffer valid = ByteBuffer.wrap(bytes(HttpParserRequestTest.WRK));
        assertSame(failure, assertThrows(BadMessageException.class, () -> parser.parse(valid, recorder)));
        assertEquals(0, valid.position(), "nothing consumed after the failure");
        assertSame(failure, assertThrows(BadMessageException.class, () -> parser.endOfInput(recorder)));
        IllegalStateException reset = assertThrows(IllegalStateException.class, parser::reset);
        assertTrue(reset.getMessage().contains("must close"), reset.getMessage());
        assertSame(failure, assertThrows(BadMessageException.class, () -> parser.parse(valid, recorder)), "still failed after reset()");
        assertEquals(events, recorder.events.size(), "no event after the failure");
    }

    @Test
    void theInputEndingInsideAMessageIsATruncatedMessage() throws BadMessageException {
        for (String partial : List.of("G", "GET /hello HTTP/1.1\r\nHost: a\r\n", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhel",
                chunked("5\r\nhello\r\n"), "\r")) {
            HttpParser parser = HttpParser.forRequests();
            Recorder recorder = new Recorder();
            assertEquals(Progress.NEED_INPUT, parser.parse(ByteBuffer.wrap(bytes(partial)), recorder));
            BadMessageException truncated = assertThrows(BadMessageException.class, () -> parser.endOfInput(recorder));
            assertEquals(400, truncated.status());
            assertTrue(truncated.reason().contains("ended inside a message"), truncated.reason());
            assertTrue(parser.isFailed());
        }
    }

    @Test
    void aMethodLongerThanAnyWeImplementIsRefusedAlikeHoweverItIsSplit() {
        // Refused at its 8th byte, whether the bytes arrive one by one or whole: 501, naming its
        // first 8 bytes and one ellipsis.
        String input = "CONTENT-LENGTH / HTTP/1.1\r\n" + HOST + "\r\n";
        for (int[] cuts : List.of(new int[0], everyByte(input.length()), new int[]{9})) {
            BadMessageException failure = parseExpectingFailure(HttpParser.forRequests(), new Recorder(), input, cuts, BufferKind.HEAP);
            assertEquals(501, failure.status());
            assertEquals("unknown method CONTENT-...", failure.reason(), () -> "cut at " + java.util.Arrays.toString(cuts));
        }
        // A token longer than the request line may be is still an unknown method (501), not a request
        // line too long (414): it was refused at its 8th byte when it arrived in pieces.
        String longToken = "the" + "J".repeat(130) + " / HTTP/1.1\r\n" + HOST + "\r\n";
        for (int[] cuts : List.of(new int[0], new int[]{10}, everyByte(longToken.length()))) {
            BadMessageException failure = parseExpectingFailure(HttpParser.forRequests(SMALL), new Recorder(), longToken, cuts, BufferKind.HEAP);
            assertEquals(501, failure.status(), () -> "cut at " + java.util.Arrays.toString(cuts) + ": " + failure.getMessage());
            assertEquals("unknown method theJJJJJ...", failure.reason());
        }
    }

    @Test
    void badMessageExceptionsCarryNoStackTrace() {
        BadMessageException failure = parseExpectingFailure(HttpParser.forRequests(), new Recorder(), "GET / HTTP/2.0\r\n", new int[0], BufferKind.HEAP);
        assertEquals(0, failure.getStackTrace().length);
        assertEquals("505 unsupported HTTP version HTTP/2.0", failure.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new BadMessageException(99, "no such status"));
    }

    // --- limits: exactly at the boundary is accepted, one byte past it is refused ----------------------

    private static final HttpLimits SMALL = new HttpLimits(64, 128, 100, 16);

    private static Progress parseAll(HttpLimits limits, String input) throws BadMessageException {
        Recorder recorder = new Recorder();
        HttpParser parser = HttpParser.forRequests(limits);
        feed(parser, recorder, bytes(input), new int[0], BufferKind.HEAP, null, false);
        feed(HttpParser.forRequests(limits), new Recorder(), bytes(input), everyByte(input.length()), BufferKind.HEAP, null, false);
        return recorder.messages.size() == 1 ? Progress.MESSAGE_COMPLETE : Progress.NEED_INPUT;
    }

    private static void assertRefused(HttpLimits limits, String input, int status) {
        for (int[] cuts : List.of(new int[0], everyByte(input.length()))) {
            BadMessageException failure = assertThrows(BadMessageException.class,
                    () -> feed(HttpParser.forRequests(limits), new Recorder(), bytes(input), cuts, BufferKind.HEAP, null, false));
            assertEquals(status, failure.status(), failure.getMessage());
        }
    }

    @Test
    void requestLineLimit() throws BadMessageException {
        String atLimit = "GET /" + "a".repeat(64 - "GET / HTTP/1.1".length()) + " HTTP/1.1";
        assertEquals(64, atLimit.length());
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, atLimit + "\r\n" + HOST + "\r\n"));
        String overLimit = "GET /" + "a".repeat(65 - "GET / HTTP/1.1".length()) + " HTTP/1.1";
        assertRefused(SMALL, overLimit + "\r\n" + HOST + "\r\n", 414);
        // Refused as soon as the line is too long, without waiting for its end.
        assertRefused(SMALL, "GET /" + "a".repeat(100), 414);
    }

    @Test
    void headerSectionLimit() throws BadMessageException {
        String filler = "X-Fill: " + "f".repeat(128 - HOST.length() - "X-Fill: \r\n".length()) + "\r\n";
        assertEquals(128, (HOST + filler).length());
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, request(HOST + filler)));
        assertRefused(SMALL, request(HOST + filler.replace("f\r\n", "ff\r\n")), 431);
        assertRefused(SMALL, "GET / HTTP/1.1\r\n" + HOST + "X-Endless: " + "e".repeat(200), 431);
    }

    @Test
    void contentLimitByContentLength() throws BadMessageException {
        String atLimit = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n" + "b".repeat(100);
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, atLimit));
        // Refused from the head alone, before any content arrives.
        assertRefused(SMALL, "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 101\r\n\r\n", 413);
    }

    @Test
    void contentLimitByChunks() throws BadMessageException {
        String atLimit = chunked("32\r\n" + "b".repeat(50) + "\r\n32\r\n" + "b".repeat(50) + "\r\n0\r\n\r\n");
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, atLimit));
        // Refused by the size of the chunk that would go past the limit, before its data.
        assertRefused(SMALL, chunked("32\r\n" + "b".repeat(50) + "\r\n33\r\n"), 413);
    }

    @Test
    void chunkSizeOverflowIsRefusedEvenWithoutAContentLimit() {
        HttpLimits unbounded = HttpLimits.DEFAULT.withMaxContentLength(Long.MAX_VALUE);
        assertRefused(unbounded, chunked("7FFFFFFFFFFFFFFF0\r\n"), 400);
        assertRefused(unbounded, chunked("10000000000000000\r\n"), 400);
        assertRefused(HttpLimits.DEFAULT, chunked("FFFFFFFFFFFFFFFFFFFFFFFF\r\n"), 413);
    }

    @Test
    void chunkLineLimit() throws BadMessageException {
        String atLimit = chunked("0".repeat(15) + "1\r\nx\r\n0\r\n\r\n");
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, atLimit));
        assertRefused(SMALL, chunked("0".repeat(16) + "1\r\nx\r\n0\r\n\r\n"), 400);
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, chunked("1;" + "e".repeat(14) + "\r\nx\r\n0\r\n\r\n")));
        assertRefused(SMALL, chunked("1;" + "e".repeat(15) + "\r\nx\r\n0\r\n\r\n"), 400);
    }

    @Test
    void aChunkSizeIsRefusedForTheLimitItsDigitsBreakFirstHoweverItIsSplit() {
        // 17 digits break the chunk line limit (16) before their value (0xFFF) breaks the content limit (100).
        assertRefusedAlike(SMALL, chunked("0".repeat(17) + "FFF\r\n"), 400, "chunk line longer than 16 bytes");
        // 13 digits break the content limit first.
        assertRefusedAlike(SMALL, chunked("0".repeat(10) + "FFFFFFF\r\n"), 413, "chunked content longer than 100 bytes");
    }

    private static void assertRefusedAlike(HttpLimits limits, String input, int status, String reason) {
        int head = input.indexOf("\r\n\r\n") + 4;
        for (int[] cuts : List.of(new int[0], everyByte(input.length()), new int[]{head + 1}, new int[]{head + 5})) {
            BadMessageException failure = assertThrows(BadMessageException.class,
                    () -> feed(HttpParser.forRequests(limits), new Recorder(), bytes(input), cuts, BufferKind.HEAP, null, false));
            assertEquals(status + " " + reason, failure.getMessage(), () -> "cut at " + java.util.Arrays.toString(cuts));
        }
    }

    @Test
    void trailerSectionLimit() throws BadMessageException {
        String filler = "X-Trail: " + "t".repeat(128 - "X-Trail: \r\n".length()) + "\r\n";
        assertEquals(128, filler.length());
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, chunked("0\r\n" + filler + "\r\n")));
        assertRefused(SMALL, chunked("0\r\n" + filler.replace("t\r\n", "tt\r\n") + "\r\n"), 431);
    }

    @Test
    void emptyLinesBeforeTheRequestLineAreBounded() throws BadMessageException {
        assertEquals(Progress.MESSAGE_COMPLETE, parseAll(SMALL, "\r\n".repeat(32) + request(HOST)));
        assertRefused(SMALL, "\r\n".repeat(33) + request(HOST), 400);
    }

    @Test
    void limitsRejectNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new HttpLimits(0, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new HttpLimits(1, -1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new HttpLimits(1, 1, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> HttpLimits.DEFAULT.withMaxChunkLineLength(0));
        assertEquals(new HttpLimits(1, 2, 3, 4), HttpLimits.DEFAULT.withMaxStartLineLength(1).withMaxHeaderBytes(2).withMaxContentLength(3).withMaxChunkLineLength(4));
    }
}
