package io.workbench.fuzz.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.StreamOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The comparison itself, on outcomes made by hand: each way two parsers can part is told apart,
 * agreement is no discrepancy, and every part that differs is reported on its own, the comparison
 * going on after it, so that a known difference excuses one part and never hides another.
 */
class DifferentialTest {

    private static ParsedMessage get(String target, long end, ParsedMessage.Field... fields) {
        return new ParsedMessage("GET", target, 0, "HTTP/1.1", List.of(fields), "", end, List.of());
    }

    private static final ParsedMessage.Field HOST = new ParsedMessage.Field("Host", "a");

    private static Discrepancy only(List<Discrepancy> found) {
        assertEquals(1, found.size(), found::toString);
        return found.getFirst();
    }

    @Test
    void theSameRequestsAndTheSameEndingAreNoDiscrepancy() {
        StreamOutcome a = StreamOutcome.ended(List.of(get("/", 20, HOST)), StreamOutcome.Ending.CLEAN);
        // Field names compare case-insensitively, and a peer that does not say where a request ends is not held to it.
        StreamOutcome b = StreamOutcome.ended(List.of(get("/", -1, new ParsedMessage.Field("host", "a"))), StreamOutcome.Ending.CLEAN);
        assertTrue(Differential.compare(a, "netty", b).isEmpty());
        // Both refusing (one as a truncated request) is the same verdict.
        StreamOutcome refused = StreamOutcome.refused(List.of(), 400, "bad");
        StreamOutcome truncated = new StreamOutcome(List.of(), StreamOutcome.Ending.TRUNCATED, 0, "early EOF");
        assertTrue(Differential.compare(refused, "jetty", truncated).isEmpty());
    }

    @Test
    void requestsUnderstoodDifferentlyDisagreeOnThePartThatDiffers() {
        StreamOutcome a = StreamOutcome.ended(List.of(get("/", 20, HOST)), StreamOutcome.Ending.CLEAN);
        assertEquals("target", only(Differential.compare(a, "jetty", StreamOutcome.ended(List.of(get("/x", 20, HOST)), StreamOutcome.Ending.CLEAN))).reason());
        Discrepancy fields = only(Differential.compare(a, "jetty", StreamOutcome.ended(List.of(get("/", 20, new ParsedMessage.Field("Host", "b"))), StreamOutcome.Ending.CLEAN)));
        assertEquals(Discrepancy.Kind.DISAGREE, fields.kind());
        assertEquals("fields: iocore has 'host: a' where the peer has 'host: b' (field #0)", fields.reason());
        assertEquals("end: 20 against 21", only(Differential.compare(a, "jetty", StreamOutcome.ended(List.of(get("/", 21, HOST)), StreamOutcome.Ending.CLEAN))).reason());
    }

    /**
     * Jetty's cached copy of a Connection value (a known difference) in a request whose body and
     * end also differ, and a second request whose target differs: each is a discrepancy of its
     * own, in stream order; the list explains the first, and only it.
     */
    @Test
    void anAllowedDifferenceInOneFieldHidesNothingElse() {
        ParsedMessage.Field keepAlive = new ParsedMessage.Field("Connection", "Keep-Alive");
        StreamOutcome iocore = StreamOutcome.ended(List.of(
                new ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(HOST, keepAlive), "abc", 40, List.of()),
                get("/2", 60, HOST)), StreamOutcome.Ending.CLEAN);
        StreamOutcome jetty = StreamOutcome.ended(List.of(
                new ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(HOST, new ParsedMessage.Field("Connection", "keep-alive")), "abcd", 41, List.of()),
                get("/3", 60, HOST)), StreamOutcome.Ending.CLEAN);
        // The stream they were read from: the known difference reads the Connection line of its request.
        byte[] stream = ("POST / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive\r\nContent-Length: 3\r\n\r\nabcGET /2 HTTP/1.1\r\nHost: a\r\n\r\n")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        List<Discrepancy> found = Differential.compare(stream, iocore, "jetty", jetty);
        assertEquals(List.of("fields: iocore has 'connection: Keep-Alive' where the peer has 'connection: keep-alive' (field #1)",
                "body: 3 bytes against 4 ('abc' / 'abcd')", "end: 40 against 41", "target"), found.stream().map(Discrepancy::reason).toList());
        assertEquals(List.of(0, 0, 0, 1), found.stream().map(Discrepancy::message).toList());
        assertEquals(List.of("jetty-canonical-value-case"), found.stream().flatMap(d -> KnownDifferences.explain(d).stream()).map(KnownDifference::id).toList());
    }

    @Test
    void trailersAreComparedFieldByField_orAsAListWhenTheirCountsDiffer() {
        ParsedMessage.Field a = new ParsedMessage.Field("X-A", "1");
        StreamOutcome iocore = StreamOutcome.ended(List.of(new ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(HOST), "", 30, List.of(a))),
                StreamOutcome.Ending.CLEAN);
        StreamOutcome same = StreamOutcome.ended(List.of(new ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(HOST), "", 30,
                List.of(new ParsedMessage.Field("x-a", "1")))), StreamOutcome.Ending.CLEAN);
        assertTrue(Differential.compare(iocore, "jetty", same).isEmpty(), "trailer names compare case-insensitively");
        StreamOutcome other = StreamOutcome.ended(List.of(new ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(HOST), "", 30,
                List.of(new ParsedMessage.Field("X-A", "2")))), StreamOutcome.Ending.CLEAN);
        assertEquals("trailers: iocore has 'x-a: 1' where the peer has 'x-a: 2' (trailer #0)", only(Differential.compare(iocore, "jetty", other)).reason());
        StreamOutcome none = StreamOutcome.ended(List.of(new ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(HOST), "", 30, List.of())),
                StreamOutcome.Ending.CLEAN);
        assertEquals("trailers: iocore has 1 where the peer has 0: [x-a: 1] / []", only(Differential.compare(iocore, "netty", none)).reason());
    }

    @Test
    void whoRefusedWhatTheOtherAccepted() {
        StreamOutcome accepted = StreamOutcome.ended(List.of(get("/", 20, HOST)), StreamOutcome.Ending.CLEAN);
        StreamOutcome refused = StreamOutcome.refused(List.of(), 400, "no");
        Discrepancy peerRefused = only(Differential.compare(accepted, "jetty", refused));
        assertEquals(Discrepancy.Kind.PEER_REFUSED, peerRefused.kind());
        assertEquals(0, peerRefused.message());
        Discrepancy iocoreRefused = only(Differential.compare(StreamOutcome.refused(List.of(), 501, "unknown method X"), "netty", accepted));
        assertEquals(Discrepancy.Kind.IOCORE_REFUSED, iocoreRefused.kind());
        assertEquals("unknown method X", iocoreRefused.reason());
    }

    @Test
    void oneWaitingForBytesWhereTheOtherFoundTheEndIsAnotherIdeaOfWhereARequestEnds() {
        StreamOutcome accepted = StreamOutcome.ended(List.of(get("/", 20, HOST)), StreamOutcome.Ending.CLEAN);
        StreamOutcome waiting = new StreamOutcome(List.of(), StreamOutcome.Ending.TRUNCATED, 0, "early EOF");
        assertEquals(Discrepancy.Kind.ENDS_DIFFER, only(Differential.compare(accepted, "jetty", waiting)).kind());
        assertEquals(Discrepancy.Kind.ENDS_DIFFER, only(Differential.compare(waiting, "jetty", accepted)).kind());
    }

    @Test
    void bytesOneIgnoredAndTheOtherRefused() {
        StreamOutcome clean = StreamOutcome.ended(List.of(), StreamOutcome.Ending.CLEAN);
        Discrepancy d = only(Differential.compare(StreamOutcome.refused(List.of(), 400, "bare LF before the request line"), "netty", clean));
        assertEquals(Discrepancy.Kind.IGNORED_BYTES, d.kind());
        assertEquals("iocore refused: bare LF before the request line", d.reason());
        assertEquals("the peer refused: x", only(Differential.compare(clean, "netty", StreamOutcome.refused(List.of(), 400, "x"))).reason());
    }
}
