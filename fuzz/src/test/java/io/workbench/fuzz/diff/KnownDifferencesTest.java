package io.workbench.fuzz.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.fuzz.IocoreReader;
import io.workbench.fuzz.StreamOutcome;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Every known difference on a stream that shows it, through the real parsers: the peers named, and
 * only they, part from iocore there, and the list explains it by that id; and a discrepancy that
 * is close to a listed one but not it stays unexplained.
 */
class KnownDifferencesTest {

    private static final List<RequestStreamReader> PEERS = List.of(new JettyReader(), new NettyReader());

    record Example(String id, String stream, Set<String> peers) {
        @Override
        public String toString() {
            return id;
        }
    }

    private static final String HOST = "Host: a\r\n";

    static List<Example> examples() {
        return List.of(
                new Example("unknown-method", "BREW / HTTP/1.1\r\n" + HOST + "\r\n", Set.of("jetty", "netty")),
                new Example("content-length-repeated", "POST / HTTP/1.1\r\n" + HOST + "Content-Length: 3, 3\r\n\r\nabc", Set.of("jetty", "netty")),
                new Example("content-length-repeated", "POST / HTTP/1.1\r\n" + HOST + "Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc", Set.of("jetty", "netty")),
                new Example("obs-fold", "GET / HTTP/1.1\r\n" + HOST + "X-A: b\r\n c\r\n\r\n", Set.of("netty")),
                new Example("bare-lf-line-ending", "GET / HTTP/1.1\n" + HOST + "\n", Set.of("jetty")),
                new Example("bare-lf-before-request-line", "\nGET / HTTP/1.1\r\n" + HOST + "\r\n", Set.of("jetty", "netty")),
                new Example("input-ends-in-an-empty-line", "GET / HTTP/1.1\r\n" + HOST + "\r\n\r", Set.of("jetty", "netty")),
                new Example("invalid-connection-option", "GET / HTTP/1.1\r\n" + HOST + "Connection: clo/se\r\n\r\n", Set.of("jetty", "netty")),
                new Example("transfer-encoding-in-http-1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", Set.of("jetty")),
                new Example("empty-port-in-host", "GET / HTTP/1.1\r\nHost: a:\r\n\r\n", Set.of("jetty")),
                new Example("missing-repeated-or-invalid-host", "GET / HTTP/1.1\r\nX-A: b\r\n\r\n", Set.of("netty")),
                new Example("invalid-request-target", "GET /a#b HTTP/1.1\r\n" + HOST + "\r\n", Set.of("jetty", "netty")),
                new Example("other-major-version", "GET / HTTP/2.0\r\n" + HOST + "\r\n", Set.of("jetty", "netty")),
                new Example("higher-minor-version", "GET / HTTP/1.2\r\n" + HOST + "\r\n", Set.of("netty")));
    }

    private static Map<String, List<String>> explainedByPeer(String stream) {
        byte[] bytes = stream.getBytes(StandardCharsets.ISO_8859_1);
        StreamOutcome iocore = IocoreReader.requests(bytes).outcome();
        return PEERS.stream().collect(Collectors.toMap(RequestStreamReader::name, peer -> {
            List<String> ids = new ArrayList<>();
            for (Discrepancy d : Differential.compare(iocore, peer.name(), peer.read(bytes))) {
                ids.add(KnownDifferences.explain(d).map(KnownDifference::id).orElse("UNLISTED " + d));
            }
            return ids;
        }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void eachKnownDifferenceIsMetWhereItSaysAndExplainedByItsId(Example example) {
        Map<String, List<String>> found = explainedByPeer(example.stream());
        for (RequestStreamReader peer : PEERS) {
            List<String> expected = example.peers().contains(peer.name()) ? List.of(example.id()) : List.of();
            assertEquals(expected, found.get(peer.name()), peer.name() + " on " + example.id());
        }
    }

    @Test
    void everyKnownDifferenceHasAnExample() {
        assertEquals(KnownDifferences.ALL.stream().map(KnownDifference::id).collect(Collectors.toSet()),
                examples().stream().map(Example::id).collect(Collectors.toSet()));
    }

    @Test
    void theDocsListEveryKnownDifferenceWithItsClauseAndVerdict() throws java.io.IOException {
        // The module's tests run in fuzz/; the page is docs/fuzz.md at the top of the repository.
        String page = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "fuzz.md"));
        for (KnownDifference known : KnownDifferences.ALL) {
            String row = page.lines().filter(line -> line.startsWith("| `" + known.id() + "` |")).findFirst().orElse("");
            assertTrue(row.contains("| " + known.verdict() + " |") && row.contains("| " + known.clause() + " |"),
                    () -> known.id() + " in docs/fuzz.md with " + known.verdict() + " and " + known.clause() + ": '" + row + "'");
        }
    }

    @Test
    void aDifferenceCloseToAKnownOneIsNotExplainedByIt() {
        // The reason matches, the peer does not: Jetty accepting a request without Host is not listed for Jetty.
        Discrepancy jettyLenient = new Discrepancy("jetty", Discrepancy.Kind.IOCORE_REFUSED, 0, "HTTP/1.1 request without Host", "");
        assertFalse(KnownDifferences.explain(jettyLenient).isPresent());
        assertTrue(KnownDifferences.explain(new Discrepancy("netty", Discrepancy.Kind.IOCORE_REFUSED, 0, "HTTP/1.1 request without Host", "")).isPresent());
        // The peer and the reason match, the kind does not: a disagreement is never a listed refusal.
        Discrepancy disagreement = new Discrepancy("netty", Discrepancy.Kind.DISAGREE, 0, "unknown method X", "");
        assertFalse(KnownDifferences.explain(disagreement).isPresent());
        // The reason matches, the detail does not: Jetty refusing a Host whose port is not empty.
        Discrepancy otherHost = new Discrepancy("jetty", Discrepancy.Kind.PEER_REFUSED, 0, "Bad HostPort", "iocore:\n  #0 GET / HTTP/1.1 [Host: a:80] body=0 bytes ''");
        assertFalse(KnownDifferences.explain(otherHost).isPresent());
        Discrepancy emptyPort = new Discrepancy("jetty", Discrepancy.Kind.PEER_REFUSED, 0, "Bad HostPort", "iocore:\n  #0 GET / HTTP/1.1 [Host: a:] body=0 bytes ''");
        assertTrue(KnownDifferences.explain(emptyPort).isPresent());
        // A version of 1.x with two digits is not a higher minor version.
        Discrepancy twoDigits = new Discrepancy("netty", Discrepancy.Kind.IOCORE_REFUSED, 0, "unsupported HTTP version HTTP/1.10", "");
        assertFalse(KnownDifferences.explain(twoDigits).isPresent());
    }
}
