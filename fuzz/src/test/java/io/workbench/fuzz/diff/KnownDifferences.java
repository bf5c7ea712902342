package io.workbench.fuzz.diff;

import static io.workbench.fuzz.diff.Discrepancy.Kind.DISAGREE;
import static io.workbench.fuzz.diff.Discrepancy.Kind.ENDS_DIFFER;
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
    /** A token character (RFC 9110 section 5.6.2), for the patterns below. */
    private static final String TOKEN = "[-!#$%&'*+.^_`|~0-9A-Za-z]";

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
            KnownDifference.of("whitespace-in-request-line", BOTH, IOCORE_REFUSED, "^the request line has more than three parts$|^empty request target$|^invalid character 0x(09|0B|0C) in (the method|the request target|the HTTP version)$", ALLOWED,
                    "RFC 9112 section 3",
                    "the parts of a request line are separated by one SP; a recipient MAY split it on runs of whitespace (SP, HTAB, VT, FF) instead (the peers), iocore refuses the request"),
            KnownDifference.of("bare-cr-as-whitespace-in-request-line", NETTY, IOCORE_REFUSED,
                    "^(empty HTTP version in the request line|the request line has no HTTP version|invalid character 0x0D in (the method|the request target|the HTTP version)|bare CR in the start line)$", ALLOWED,
                    "RFC 9112 sections 2.2 and 3",
                    "a bare CR MUST be taken as invalid or replaced with SP, and a recipient MAY split a request line on any whitespace: Netty takes a bare CR in the request line for a space, iocore refuses the request")
                    .where("^stream: [^\\n]*\\\\r(?!\\\\n)"),
            KnownDifference.of("bare-cr-before-request-line", NETTY, IOCORE_REFUSED, "^bare CR before the request line$", ALLOWED,
                    "RFC 9112 sections 2.2 and 3",
                    "a bare CR before a request line, replaced with SP as a recipient may, is whitespace a recipient MAY ignore there (Netty); iocore refuses it"),
            KnownDifference.of("bare-cr-before-request-line", NETTY, IGNORED_BYTES, "^iocore refused: bare CR before the request line$", ALLOWED,
                    "RFC 9112 sections 2.2 and 3",
                    "a bare CR before a request line, replaced with SP as a recipient may, is whitespace a recipient MAY ignore there (Netty); iocore refuses it"),
            KnownDifference.of("whitespace-before-request-line", NETTY, IOCORE_REFUSED, "^the request line starts with (0x20|0x09|0x0B|0x0C)$", ALLOWED,
                    "RFC 9112 section 3",
                    "a recipient MAY ignore whitespace before the request line (Netty); iocore (and Jetty) refuse it"),
            KnownDifference.of("jetty-canonical-value-case", JETTY, DISAGREE,
                    "^fields: iocore has '(host|connection|accept-encoding|transfer-encoding|content-encoding|content-type|cache-control|pragma|expect|accept|accept-charset|accept-language|upgrade|te): (.*)' where the peer has '\\1: (?i)\\2' \\(field #\\d+\\)$", ALLOWED,
                    "RFC 9110 sections 7.2, 7.6.1, 8.3.1, 8.4.1, 10.1.1",
                    "Jetty hands out its cached copy of a common field, or of the Host of the request before, whose value differs only in case (Connection: keeP-alive as keep-alive, Host: a as A); those values (tokens, media types, host names) are case-insensitive"),
            KnownDifference.of("jetty-cached-value-case-changes", JETTY, DISAGREE,
                    "^fields: iocore has '([-!#$%&'*+.^_`|~0-9a-z]+): (.*)' where the peer has '\\1: (?i)\\2' \\(field #\\d+\\)$", PEER_DEVIATION,
                    "RFC 9110 section 5.5",
                    "Jetty's field cache, matching case-insensitively, hands out an earlier request's value for a field whose value is case-sensitive (User-Agent: MozIlla as Mozilla): the value the application sees is not the one received"),
            KnownDifference.of("jetty-cached-value-whitespace", JETTY, DISAGREE,
                    "^fields: iocore has '([-!#$%&'*+.^_`|~0-9a-z]+): (.*)' where the peer has '\\1: ( |\\\\t)+\\2' \\(field #\\d+\\)$", PEER_DEVIATION,
                    "RFC 9112 section 5.1",
                    "the whitespace around a field value is not part of it; in a long pipelined stream Jetty's field cache handed out a value with the whitespace before it kept"),
            KnownDifference.of("trailer-section-unterminated-at-close", JETTY, ENDS_DIFFER, "^iocore waited for more$", ALLOWED,
                    "RFC 9112 sections 7.1 and 8",
                    "the input ends inside the trailer section of a chunked request, after its last chunk: Jetty takes the request as complete (a chunked message is incomplete only without its last chunk), iocore as truncated (400); the input has ended, so no request follows either way")
                    .where("iocore:[^\\n]*(\\n  #[^\\n]*)*\\n  then TRUNCATED 400 \\(the input ended inside a message \\((FIELD_START|FIELD_NAME|FIELD_VALUE_OWS|FIELD_VALUE|FIELD_LF|SECTION_END_LF)\\)\\)[\\s\\S]*jetty:[\\s\\S]*(?i:transfer-encoding: chunked)"),
            KnownDifference.of("chunk-extension-rejected", NETTY, PEER_REFUSED, "^InvalidChunkExtensionException", ALLOWED,
                    "RFC 9112 section 7.1.1",
                    "a chunk extension that is not ;name[=value] breaks the grammar: Netty refuses it, iocore ignores every extension made of visible characters and whitespace, as a recipient MUST ignore the extensions it does not know"),
            // What the RFC asks of a server, which a decoder leaves to the application (or does not do).
            KnownDifference.of("host-port-jetty-refuses", JETTY, PEER_REFUSED, "^Bad HostPort$", PEER_DEVIATION,
                    "RFC 9110 section 7.2, RFC 3986 section 3.2.3",
                    "port = *DIGIT: a Host with an empty port, a port of 0 or one above 65535 is valid syntax (iocore accepts it); Jetty refuses it")
                    .where("(\\[|, )Host: [^ :\\]]*:(0*|\\d{6,}|6553[6-9]|655[4-9]\\d|65[6-9]\\d\\d|6[6-9]\\d{3}|[7-9]\\d{4})(, |\\])"),
            KnownDifference.of("jetty-accepts-a-signed-port", JETTY, IOCORE_REFUSED, "^invalid Host '.*:\\+\\d+'$", PEER_DEVIATION,
                    "RFC 9112 section 3.2, RFC 3986 section 3.2.3",
                    "port = *DIGIT: a Host port with a sign (+443) is invalid and a server MUST answer 400 (iocore does); Jetty reads it as a number and accepts it (it refuses every other invalid Host the fuzzer made)"),
            KnownDifference.of("jetty-loses-the-end-after-a-bad-chunk-extension", JETTY, ENDS_DIFFER, "^the peer waited for more$", PEER_DEVIATION,
                    "RFC 9112 section 7.1.1",
                    "after a chunk extension that is not ;name[=value] (a space inside it, an empty name or value, a byte above 0x7F) Jetty neither refuses nor ignores it: it never finds the end of the chunked body and takes the following bytes, a next request included, as part of it until the input ends; iocore and Netty end the chunk line at its CRLF")
                    .where("^stream: [^\\n]*\\\\r\\\\n[0-9A-Fa-f]+( |\\\\t)*;(?! ?" + TOKEN + "+( ?= ?(" + TOKEN + "+|\"[^\"\\\\]*\"))?\\\\r)"
                            + "[\\s\\S]*jetty:(\\n  #[^\\n]*)*\\n  then TRUNCATED \\(early EOF\\)"),
            KnownDifference.of("jetty-loses-the-end-after-a-long-chunk-size", JETTY, ENDS_DIFFER, "^the peer waited for more$", PEER_DEVIATION,
                    "RFC 9112 section 7.1",
                    "chunk-size = 1*HEXDIG: a size of more than 16 digits, leading zeros included (00000000000000005), is still that size; Jetty neither refuses it nor reads it, and takes the following bytes, a next request included, as part of the body until the input ends; iocore and Netty read the size")
                    .where("^stream: [^\\n]*\\\\r\\\\n[0-9A-Fa-f]{17,}[\\s\\S]*jetty:(\\n  #[^\\n]*)*\\n  then TRUNCATED \\(early EOF\\)"),
            KnownDifference.of("netty-fails-on-a-high-byte-in-a-chunk-extension", NETTY, PEER_REFUSED, "^IndexOutOfBoundsException: bitIndex < 0", PEER_DEVIATION,
                    "RFC 9112 section 7.1.1",
                    "a byte above 0x7F in a chunk extension makes Netty's decoder fail with an IndexOutOfBoundsException, so the request is refused (400) by accident rather than by its grammar check; iocore ignores the extension"),
            KnownDifference.of("unknown-coding-before-chunked", BOTH, IOCORE_REFUSED, "^unsupported transfer coding: only chunked is implemented$|^invalid transfer coding '", PEER_DEVIATION,
                    "RFC 9112 section 6.1",
                    "a server SHOULD answer 501 to a transfer coding it does not understand (iocore: 501, or 400 for one that is not even a token); the peers frame the body by its final chunked and hand it on still coded"),
            KnownDifference.of("request-line-starts-badly", BOTH, IOCORE_REFUSED, "^the request line starts with ", PEER_DEVIATION,
                    "RFC 9112 sections 2.2 and 3",
                    "only empty lines may come before a request line (and whitespace may be ignored); a request line that starts with another byte is invalid and SHOULD be answered 400: Jetty takes it into the method, Netty skips control bytes"),
            KnownDifference.of("request-line-starts-badly", BOTH, IGNORED_BYTES, "^iocore refused: the request line starts with ", PEER_DEVIATION,
                    "RFC 9112 sections 2.2 and 3",
                    "only empty lines may come before a request line (and whitespace may be ignored); a request line that starts with another byte is invalid and SHOULD be answered 400: Jetty takes it into the method, Netty skips control bytes"),
            KnownDifference.of("target-not-a-path-or-uri", BOTH, IOCORE_REFUSED, "^the request target is neither a path nor an absolute URI$", PEER_DEVIATION,
                    "RFC 9112 sections 3 and 3.2",
                    "a request-target is origin-form (a path), absolute-form, authority-form (CONNECT) or asterisk-form (OPTIONS); GET site.css is none of them, and an invalid request line SHOULD be answered 400; the peers hand the target on"),
            KnownDifference.of("asterisk-form-misused", BOTH, IOCORE_REFUSED, "^the asterisk-form target is exactly '\\*' and only for OPTIONS$", PEER_DEVIATION,
                    "RFC 9112 section 3.2.4",
                    "the asterisk-form is a lone * and only for OPTIONS; the peers hand on GET * and OPTIONS *x"),
            KnownDifference.of("connect-without-authority", BOTH, IOCORE_REFUSED, "^CONNECT needs an authority-form target", PEER_DEVIATION,
                    "RFC 9112 section 3.2.3",
                    "CONNECT takes the authority-form (host:port) and nothing else; the peers hand on CONNECT / and CONNECT *"),
            KnownDifference.of("version-name-case", BOTH, IOCORE_REFUSED, "^unsupported HTTP version (?!HTTP/)(?i:http)/\\d\\.\\d$", PEER_DEVIATION,
                    "RFC 9112 section 2.3",
                    "HTTP-name is %s\"HTTP\", case-sensitive: HTTp/1.1 is no version iocore speaks (505); the peers take it as HTTP/1.1 (and HtTP/2.0 as HTTP/2.0)"),
            KnownDifference.of("netty-unchecked-disallowed-trailer", NETTY, IOCORE_REFUSED, "^bare CR in a field line$|^invalid character 0x[0-9A-F]{2} in a field value$", PEER_DEVIATION,
                    "RFC 9112 section 2.2, RFC 9110 section 5.5",
                    "a bare CR MUST be taken as invalid or replaced with SP, and so MUST a NUL in a field value; Netty drops a trailer field that may not be a trailer (Content-Length, Host, Transfer-Encoding) without looking at its value (it refuses the same bytes in a header field)")
                    .where("(?i)transfer-encoding: *chunked"),
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
