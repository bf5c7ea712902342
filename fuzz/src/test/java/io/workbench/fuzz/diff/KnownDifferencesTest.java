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

    /** A stream, and the known difference each peer must part from iocore with there (a peer not named must not part from it). */
    record Example(String name, String stream, Map<String, String> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String HOST = "Host: a\r\n";
    private static final String CHUNKED = "POST / HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\n\r\n";

    private static Example both(String id, String stream) {
        return new Example(id, stream, Map.of("jetty", id, "netty", id));
    }

    private static Example jetty(String id, String stream) {
        return new Example(id + " (jetty)", stream, Map.of("jetty", id));
    }

    private static Example netty(String id, String stream) {
        return new Example(id + " (netty)", stream, Map.of("netty", id));
    }

    /** The stream of a file of the differential's corpus (its two control bytes left out). */
    private static String corpusStream(String name) {
        try (java.io.InputStream in = KnownDifferencesTest.class.getResourceAsStream("/io/workbench/fuzz/DifferentialFuzzTestInputs/diff/" + name)) {
            byte[] data = in.readAllBytes();
            return new String(data, 2, data.length - 2, StandardCharsets.ISO_8859_1);
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    static List<Example> examples() {
        return List.of(
                both("unknown-method", "BREW / HTTP/1.1\r\n" + HOST + "\r\n"),
                both("content-length-repeated", "POST / HTTP/1.1\r\n" + HOST + "Content-Length: 3, 3\r\n\r\nabc"),
                both("content-length-repeated", "POST / HTTP/1.1\r\n" + HOST + "Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc"),
                netty("obs-fold", "GET / HTTP/1.1\r\n" + HOST + "X-A: b\r\n c\r\n\r\n"),
                jetty("bare-lf-line-ending", "GET / HTTP/1.1\n" + HOST + "\n"),
                both("bare-lf-before-request-line", "\nGET / HTTP/1.1\r\n" + HOST + "\r\n"),
                both("input-ends-in-an-empty-line", "GET / HTTP/1.1\r\n" + HOST + "\r\n\r"),
                both("invalid-connection-option", "GET / HTTP/1.1\r\n" + HOST + "Connection: clo/se\r\n\r\n"),
                jetty("transfer-encoding-in-http-1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
                both("whitespace-in-request-line", "GET /  HTTP/1.1\r\n" + HOST + "\r\n"),
                netty("whitespace-before-request-line", " GET / HTTP/1.1\r\n" + HOST + "\r\n"),
                jetty("jetty-canonical-value-case", "GET / HTTP/1.1\r\n" + HOST + "Connection: Keep-Alive\r\n\r\n"),
                jetty("jetty-canonical-value-case", "GET /1 HTTP/1.1\r\nHost: A\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\n"),
                jetty("jetty-cached-value-whitespace", corpusStream("found-jetty-cached-value-leading-space")),
                jetty("jetty-cached-value-case-changes", "GET /1 HTTP/1.1\r\n" + HOST + "User-Agent: Mozilla/5.0\r\n\r\nGET /2 HTTP/1.1\r\n" + HOST + "User-Agent: MozIlla/5.0\r\n\r\n"),
                netty("bare-cr-as-whitespace-in-request-line", "POST / \rHTTP/1.1\r\n" + HOST + "\r\n"),
                netty("bare-cr-before-request-line", "\rGET / HTTP/1.1\r\n" + HOST + "\r\n"),
                netty("bare-cr-before-request-line", "\r\r"),
                netty("whitespace-in-request-line", "GET /\tHTTP/1.1\r\n" + HOST + "\r\n"),
                netty("whitespace-in-request-line", "GET\u000B/ HTTP/1.1\r\n" + HOST + "\r\n"),
                jetty("trailer-section-unterminated-at-close", CHUNKED + "0\r\nX-T: 1\r\n"),
                jetty("jetty-loses-the-end-after-a-bad-chunk-extension", CHUNKED + "1;a b\r\nx\r\n0\r\n\r\n"),
                jetty("jetty-loses-the-end-after-a-bad-chunk-extension", CHUNKED + "1;\r\nx\r\n0\r\n\r\n"),
                jetty("jetty-loses-the-end-after-a-long-chunk-size", CHUNKED + "00000000000000001\r\nx\r\n0\r\n\r\n"),
                jetty("jetty-loses-the-end-after-a-long-chunk-size", CHUNKED + "1\r\nx\r\n00000000000000000\r\n\r\nGET / HTTP/1.1\r\n" + HOST + "\r\n"),
                new Example("a chunk extension with a bad quoted value", CHUNKED + "1;a=\"b\"c\r\nx\r\n0\r\n\r\n",
                        Map.of("jetty", "jetty-loses-the-end-after-a-bad-chunk-extension", "netty", "chunk-extension-rejected")),
                new Example("a chunk extension with a high byte", CHUNKED + "1;a\u00ff\r\nx\r\n0\r\n\r\n",
                        Map.of("jetty", "jetty-loses-the-end-after-a-bad-chunk-extension", "netty", "netty-fails-on-a-high-byte-in-a-chunk-extension")),
                jetty("host-port-jetty-refuses", "GET / HTTP/1.1\r\nHost: a:\r\n\r\n"),
                jetty("host-port-jetty-refuses", "GET / HTTP/1.1\r\nHost: a:0\r\n\r\n"),
                jetty("host-port-jetty-refuses", "GET / HTTP/1.1\r\nHost: a,b:65536\r\n\r\n"),
                jetty("host-port-jetty-refuses", "GET / HTTP/1.1\r\nX-A: b\r\nHost: a:0\r\n\r\n"),
                new Example("a signed Host port", "GET / HTTP/1.1\r\nHost: a:+443\r\n\r\n",
                        Map.of("jetty", "jetty-accepts-a-signed-port", "netty", "missing-repeated-or-invalid-host")),
                new Example("whitespace and a high byte around a chunk extension", CHUNKED + "1  ;a\u00ff\r\nx\r\n0\r\n\r\n",
                        Map.of("jetty", "jetty-loses-the-end-after-a-bad-chunk-extension", "netty", "netty-fails-on-a-high-byte-in-a-chunk-extension")),
                netty("missing-repeated-or-invalid-host", "GET / HTTP/1.1\r\nX-A: b\r\n\r\n"),
                both("invalid-request-target", "GET /a#b HTTP/1.1\r\n" + HOST + "\r\n"),
                both("other-major-version", "GET / HTTP/2.0\r\n" + HOST + "\r\n"),
                netty("higher-minor-version", "GET / HTTP/1.2\r\n" + HOST + "\r\n"),
                both("unknown-coding-before-chunked", "POST / HTTP/1.1\r\n" + HOST + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"),
                jetty("request-line-starts-badly", ")GET / HTTP/1.1\r\n" + HOST + "\r\n"),
                both("target-not-a-path-or-uri", "GET site.css HTTP/1.1\r\n" + HOST + "\r\n"),
                both("asterisk-form-misused", "GET * HTTP/1.1\r\n" + HOST + "\r\n"),
                both("connect-without-authority", "CONNECT / HTTP/1.1\r\n" + HOST + "\r\n"),
                both("version-name-case", "GET / HTTp/1.1\r\n" + HOST + "\r\n"),
                both("version-name-case", "GET / HtTP/2.0\r\n" + HOST + "\r\n"),
                netty("netty-unchecked-disallowed-trailer", CHUNKED + "0\r\nContent-Length: 1\rx\r\n\r\n"),
                netty("netty-unchecked-disallowed-trailer", CHUNKED + "0\r\nTransfer-Encoding: a\u0000b\r\n\r\n"),
                netty("netty-unchecked-disallowed-trailer", CHUNKED.replace("Transfer-Encoding", "transfer-encoding") + "0\r\nContent-Length: 1\rx\r\n\r\n"));
    }

    private static Map<String, List<String>> explainedByPeer(String stream) {
        byte[] bytes = stream.getBytes(StandardCharsets.ISO_8859_1);
        StreamOutcome iocore = IocoreReader.requests(bytes).outcome();
        return PEERS.stream().collect(Collectors.toMap(RequestStreamReader::name, peer -> {
            List<String> ids = new ArrayList<>();
            for (Discrepancy d : Differential.compare(bytes, iocore, peer.name(), peer.read(bytes))) {
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
            String id = example.expected().get(peer.name());
            assertEquals(id == null ? List.of() : List.of(id), found.get(peer.name()), peer.name() + " on " + example);
        }
    }

    @Test
    void everyKnownDifferenceHasAnExample() {
        assertEquals(KnownDifferences.ALL.stream().map(KnownDifference::id).collect(Collectors.toSet()),
                examples().stream().flatMap(e -> e.expected().values().stream()).collect(Collectors.toSet()));
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
        // The kind and the peer match, the stream does not: Jetty waiting for more after a valid chunk extension.
        Discrepancy validExtension = new Discrepancy("jetty", Discrepancy.Kind.ENDS_DIFFER, 0, "the peer waited for more",
                "stream: POST / HTTP/1.1\\r\\nHost: a\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n1;a=b\\r\\nx\\r\\n0\\r\\n\\r\\n\niocore:\n  #0 ...\njetty:\n  then TRUNCATED (early EOF)");
        assertFalse(KnownDifferences.explain(validExtension).isPresent());
        assertTrue(KnownDifferences.explain(new Discrepancy("jetty", Discrepancy.Kind.ENDS_DIFFER, 0, "the peer waited for more",
                validExtension.detail().replace("1;a=b", "1;a b"))).isPresent());
        // A value that differs in more than case is no cached copy.
        assertFalse(KnownDifferences.explain(new Discrepancy("jetty", Discrepancy.Kind.DISAGREE, 0,
                "fields: iocore has 'connection: keep-alivf' where the peer has 'connection: keep-alive' (field #1)", "")).isPresent());
        assertTrue(KnownDifferences.explain(new Discrepancy("jetty", Discrepancy.Kind.DISAGREE, 0,
                "fields: iocore has 'connection: keeP-alive' where the peer has 'connection: keep-alive' (field #1)", "")).isPresent());
        assertTrue(KnownDifferences.explain(new Discrepancy("jetty", Discrepancy.Kind.DISAGREE, 0,
                "fields: iocore has 'accept-encoding: gz'iP, br' where the peer has 'accept-encoding: gz'ip, br' (field #3)", "")).isPresent());
        assertFalse(KnownDifferences.explain(new Discrepancy("jetty", Discrepancy.Kind.DISAGREE, 0,
                "fields: iocore has 'accept-encoding: gz'iP, br' where the peer has 'accept-encoding: gz'ip, bx' (field #3)", "")).isPresent());
        assertFalse(KnownDifferences.explain(otherHost).isPresent());
        Discrepancy emptyPort = new Discrepancy("jetty", Discrepancy.Kind.PEER_REFUSED, 0, "Bad HostPort", "iocore:\n  #0 GET / HTTP/1.1 [Host: a:] body=0 bytes ''");
        assertTrue(KnownDifferences.explain(emptyPort).isPresent());
        // A version of 1.x with two digits is not a higher minor version.
        Discrepancy twoDigits = new Discrepancy("netty", Discrepancy.Kind.IOCORE_REFUSED, 0, "unsupported HTTP version HTTP/1.10", "");
        assertFalse(KnownDifferences.explain(twoDigits).isPresent());
    }
}
