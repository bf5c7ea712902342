package io.workbench.fuzz.diff;

import static io.workbench.fuzz.diff.Discrepancy.Kind.IGNORED_BYTES;
import static io.workbench.fuzz.diff.Discrepancy.Kind.IOCORE_REFUSED;
import static io.workbench.fuzz.diff.Discrepancy.Kind.PEER_REFUSED;
import static io.workbench.fuzz.diff.KnownDifference.Verdict.ALLOWED;
import static io.workbench.fuzz.diff.KnownDifference.Verdict.IOCORE_STRICTER;
import static io.workbench.fuzz.diff.KnownDifference.Verdict.PEER_DEVIATION;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every difference between iocore and its peers that is understood, with its RFC clause; anything
 * else fails the differential. Each was met by the fuzzer (the results page says how often); none
 * is a difference in where a request ends or in what an accepted request says.
 */
public final class KnownDifferences {

    private static final Set<String> BOTH = Set.of("jetty", "netty");
    private static final Set<String> NETTY = Set.of("netty");
    private static final Set<String> JETTY = Set.of("jetty");

    public static final List<KnownDifference> ALL = List.of(
            // Leniencies and choices the RFC leaves to the implementation.
            KnownDifference.of("unknown-method", BOTH, IOCORE_REFUSED, "^unknown method ", ALLOWED,
                    "RFC 9110 section 9.1",
                    "the method token is extensible; a server answers 501 to a method it does not implement (iocore implements nine), a decoder hands any token on"),
            KnownDifference.of("content-length-repeated", BOTH, PEER_REFUSED, "Invalid Content-Length Value|Multiple Content-Length values|Multiple Content-Lengths", ALLOWED,
                    "RFC 9110 section 8.6",
                    "a Content-Length that repeats one value (3, 3 in one field, or two fields of 3) MAY be rejected or taken as that value; iocore takes it, Jetty and Netty reject it"),
            KnownDifference.of("obs-fold", NETTY, IOCORE_REFUSED, "^obs-fold", ALLOWED,
                    "RFC 9112 section 5.2",
                    "a server MUST either reject a request with obs-fold (iocore: 400) or replace each obs-fold with SP before interpreting the value (Netty)"),
            KnownDifference.of("bare-lf-line-ending", BOTH, IOCORE_REFUSED, "bare LF ends|bare LF in the header section|bare LF in the trailer section", ALLOWED,
                    "RFC 9112 section 2.2",
                    "a recipient MAY recognize a single LF as a line terminator; iocore does not, and refuses the line"),
            KnownDifference.of("bare-lf-before-request-line", BOTH, IGNORED_BYTES, "iocore refused: bare LF before the request line", ALLOWED,
                    "RFC 9112 section 2.2",
                    "a server SHOULD ignore at least one empty line before a request line and MAY take a lone LF for one; iocore ignores only CRLF"),
            // The same, when a request follows the lone LF (the peers accept it, iocore refused the stream before it).
            KnownDifference.of("bare-lf-before-request-line", BOTH, IOCORE_REFUSED, "^bare LF before the request line", ALLOWED,
                    "RFC 9112 section 2.2",
                    "a server SHOULD ignore at least one empty line before a request line and MAY take a lone LF for one; iocore ignores only CRLF"),
            KnownDifference.of("input-ends-in-an-empty-line", BOTH, IGNORED_BYTES, "iocore found a truncated request", ALLOWED,
                    "RFC 9112 section 2.2",
                    "the input ends in a CR (or CR LF pairs) after the last request: iocore calls the unfinished empty line a truncated request (400, then it closes), the peers close quietly; no request is made either way")
                    .where("iocore:[^\\n]*(\\n  #[^\\n]*)*\\n  then TRUNCATED 400 \\(the input ended inside a message \\(START_EMPTY_LF\\)\\)"),
            KnownDifference.of("invalid-connection-option", BOTH, IOCORE_REFUSED, "^invalid Connection option", ALLOWED,
                    "RFC 9110 sections 7.6.1 and 2.2",
                    "Connection is a list of tokens; iocore refuses a value that is not (400), the peers keep it, as a recipient MAY recover from an invalid construct"),
            KnownDifference.of("transfer-encoding-in-http-1.0", JETTY, IOCORE_REFUSED, "Transfer-Encoding in an HTTP/1.0 request", ALLOWED,
                    "RFC 9112 section 6.1",
                    "a server MUST treat an HTTP/1.0 message with Transfer-Encoding as faulty framing and close the connection after processing it; iocore refuses it, Jetty processes it chunked"),
            KnownDifference.of("empty-port-in-host", JETTY, PEER_REFUSED, "^Bad HostPort$", PEER_DEVIATION,
                    "RFC 9110 section 7.2, RFC 3986 section 3.2.3",
                    "port = *DIGIT: a Host of a name and a colon with no port is valid (iocore accepts it); Jetty refuses it")
                    .where("\\[Host: [^ ,\\]]*:[,\\]]"),
            // What the RFC asks of a server, which a decoder leaves to the application (or does not do).
            KnownDifference.of("missing-repeated-or-invalid-host", NETTY, IOCORE_REFUSED, "without Host|more than one Host|in Host$|^invalid Host '", PEER_DEVIATION,
                    "RFC 9112 section 3.2",
                    "a server MUST answer 400 to an HTTP/1.1 request without Host, with more than one Host or with an invalid one; Netty's decoder leaves that to the application"),
            KnownDifference.of("invalid-request-target", BOTH, IOCORE_REFUSED, "in the request target$", PEER_DEVIATION,
                    "RFC 9112 section 3",
                    "a request-target with a character it may not hold (a fragment's #, a quote, a control byte) makes the request line invalid: a recipient SHOULD answer 400 and SHOULD NOT autocorrect; the peers pass the target on"),
            KnownDifference.of("other-major-version", BOTH, IOCORE_REFUSED, "^unsupported HTTP version HTTP/(?!1\\.)", PEER_DEVIATION,
                    "RFC 9110 section 15.6.6",
                    "a server answers 505 to a major version it does not support (HTTP/2.0 on an HTTP/1.1 connection); the peers' HTTP/1.1 decoders hand it on"),
            // Where iocore is stricter than the RFC asks, on purpose.
            KnownDifference.of("higher-minor-version", NETTY, IOCORE_REFUSED, "^unsupported HTTP version HTTP/1\\.[2-9]$", IOCORE_STRICTER,
                    "RFC 9110 section 2.5",
                    "a recipient SHOULD process a higher minor version (HTTP/1.2) as the highest it implements; iocore (and Jetty) answer 505 to any version but 1.0 and 1.1, Netty processes it"));

    private KnownDifferences() {
    }

    /** @return the known difference that explains {@code discrepancy}, if one does */
    public static Optional<KnownDifference> explain(Discrepancy discrepancy) {
        return ALL.stream().filter(known -> known.matches(discrepancy)).findFirst();
    }
}
