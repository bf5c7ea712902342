package io.workbench.fuzz.mutant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.fuzz.IocoreReader;
import io.workbench.fuzz.StreamOutcome;
import io.workbench.fuzz.diff.Differential;
import io.workbench.fuzz.diff.Discrepancy;
import io.workbench.fuzz.diff.JettyReader;
import io.workbench.fuzz.diff.KnownDifferences;
import io.workbench.fuzz.diff.NettyReader;
import io.workbench.fuzz.diff.RequestStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The differential holds against an iocore parser made wrong in the three ways request smuggling
 * is made of: a request with Content-Length 3 and Content-Length 4 read as 3 (CL.CL), a chunk size
 * that wraps in 64 bits, a chunk line ended by a bare LF. Each mutant reads its stream, the real
 * peers read it too, and the peers named must each part from it in a way the list of known
 * differences does not explain, although every one of those ways looks like a listed one (a
 * peer refusing repeated Content-Lengths, Jetty losing the end of a chunked body after an odd chunk
 * line, Netty refusing a chunk line). The real parser on the same stream parts from no peer in an
 * unexplained way: the finding is the mutant's.
 */
class ParserMutantsTest {

    private static final String CHUNKED = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n";
    private static final List<RequestStreamReader> PEERS = List.of(new JettyReader(), new NettyReader());

    /** A mutant, the stream that shows it, and the peers that must report it. */
    record Case(ParserMutant mutant, String stream, Set<String> reportedBy) {
        @Override
        public String toString() {
            return mutant.name();
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case(new ParserMutant("CL_CL", "io/workbench/iocore/http/MessageFraming.java",
                        """
                                            if (contentLength >= 0 && contentLength != value) {
                                                throw new BadMessageException(HttpStatus.BAD_REQUEST, "different Content-Length values: " + contentLength + " and " + value);
                                            }
                                            contentLength = value;
                                """,
                        """
                                            // CL_CL: of two different values the first is kept, the other ignored.
                                            if (contentLength < 0) {
                                                contentLength = value;
                                            }
                                """),
                        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", Set.of("jetty", "netty")),
                new Case(new ParserMutant("CHUNK_SIZE_WRAPS", "io/workbench/iocore/http/HttpParser.java",
                        """
                                        for (int i = pos; i < end; i++) {
                                            if (chunkSize > Long.MAX_VALUE >> 4) {
                                                throw new BadMessageException(HttpStatus.BAD_REQUEST, "chunk size does not fit in 63 bits");
                                            }
                                            chunkSize = chunkSize << 4 | HttpTokens.hexValue(byteAt(in, i));
                                            if (chunkSize > limits.maxContentLength() - received) {
                                                throw new BadMessageException(HttpStatus.CONTENT_TOO_LARGE, "chunked content longer than " + limits.maxContentLength() + " bytes");
                                            }
                                        }
                                """,
                        """
                                        for (int i = pos; i < end; i++) {
                                            // CHUNK_SIZE_WRAPS: the digits shift out of 64 bits unchecked; what is left is held to the limit at the line's end.
                                            chunkSize = chunkSize << 4 | HttpTokens.hexValue(byteAt(in, i));
                                        }
                                        if (end < limit && (chunkSize < 0 || chunkSize > limits.maxContentLength() - received)) {
                                            throw new BadMessageException(HttpStatus.CONTENT_TOO_LARGE, "chunked content longer than " + limits.maxContentLength() + " bytes");
                                        }
                                """),
                        // 16^16 + 1: 17 digits, which wrap to 1.
                        CHUNKED + "10000000000000001\r\nx\r\n0\r\n\r\n", Set.of("jetty", "netty")),
                new Case(new ParserMutant("BARE_LF_CHUNK_LINE", "io/workbench/iocore/http/HttpParser.java",
                        """
                                        if (b == CR) {
                                            in.position(end + 1);
                                            moveTo(State.CHUNK_SIZE_LF);
                                            return null;
                                        }
                                """,
                        """
                                        if (b == CR || b == LF) {
                                            // BARE_LF_CHUNK_LINE: a chunk line may end in a bare LF, which CHUNK_SIZE_LF then takes.
                                            in.position(b == CR ? end + 1 : end);
                                            moveTo(State.CHUNK_SIZE_LF);
                                            return null;
                                        }
                                """),
                        CHUNKED + "1\nx\r\n0\r\n\r\n", Set.of("jetty", "netty")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theDifferentialReportsAParserMadeWrong(Case c, @TempDir Path work) {
        byte[] stream = ParserMutant.bytes(c.stream());
        StreamOutcome mutant = c.mutant().compile(work).read(stream);
        assertFalse(mutant.messages().isEmpty(), () -> c.mutant() + " accepts the request the real parser refuses:" + mutant);
        for (RequestStreamReader peer : PEERS) {
            List<Discrepancy> unexplained = unexplained(stream, mutant, peer);
            if (c.reportedBy().contains(peer.name())) {
                assertFalse(unexplained.isEmpty(), () -> peer.name() + " does not report " + c.mutant() + ": " + Differential.compare(stream, mutant, peer.name(),
                        peer.read(stream)));
            }
        }
        // The real parser refuses the stream, as the peers do (or as the list explains).
        StreamOutcome real = IocoreReader.requests(stream).outcome();
        assertEquals(StreamOutcome.Ending.REFUSED, real.ending(), real::toString);
        for (RequestStreamReader peer : PEERS) {
            assertTrue(unexplained(stream, real, peer).isEmpty(), () -> "the real parser parts from " + peer.name() + " unexplained");
        }
    }

    private static List<Discrepancy> unexplained(byte[] stream, StreamOutcome iocore, RequestStreamReader peer) {
        List<Discrepancy> unexplained = new ArrayList<>();
        for (Discrepancy d : Differential.compare(stream, iocore, peer.name(), peer.read(stream))) {
            if (KnownDifferences.explain(d).isEmpty()) {
                unexplained.add(d);
            }
        }
        return unexplained;
    }
}
