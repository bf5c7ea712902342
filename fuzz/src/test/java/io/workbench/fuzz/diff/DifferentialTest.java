package io.workbench.fuzz.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.StreamOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison itself, on outcomes made by hand: each way two parsers can part is told apart, and agreement is no discrepancy. */
class DifferentialTest {

    private static ParsedMessage get(String target, long end, ParsedMessage.Field... fields) {
        return new ParsedMessage("GET", target, 0, "HTTP/1.1", List.of(fields), "", end);
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
    void requestsUnderstoodDifferentlyDisagreeOnTheFirstPartThatDiffers() {
        StreamOutcome a = StreamOutcome.ended(List.of(get("/", 20, HOST)), StreamOutcome.Ending.CLEAN);
        assertEquals("target", only(Differential.compare(a, "jetty", StreamOutcome.ended(List.of(get("/x", 20, HOST)), StreamOutcome.Ending.CLEAN))).reason());
        Discrepancy fields = only(Differential.compare(a, "jetty", StreamOutcome.ended(List.of(get("/", 20, new ParsedMessage.Field("Host", "b"))), StreamOutcome.Ending.CLEAN)));
        assertEquals(Discrepancy.Kind.DISAGREE, fields.kind());
        assertTrue(fields.reason().startsWith("fields: iocore has 'host: a' where the peer has 'host: b'"), fields.reason());
        assertEquals("end: 20 against 21", only(Differential.compare(a, "jetty", StreamOutcome.ended(List.of(get("/", 21, HOST)), StreamOutcome.Ending.CLEAN))).reason());
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
