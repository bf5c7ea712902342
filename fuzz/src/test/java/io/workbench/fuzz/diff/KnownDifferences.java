package io.workbench.fuzz.diff;

import static io.workbench.fuzz.diff.Discrepancy.Kind.DISAGREE;
import static io.workbench.fuzz.diff.Discrepancy.Kind.ENDS_DIFFER;
import static io.workbench.fuzz.diff.Discrepancy.Kind.IGNORED_BYTES;
import static io.workbench.fuzz.diff.Discrepancy.Kind.IOCORE_REFUSED;
import static io.workbench.fuzz.diff.Discrepancy.Kind.PEER_REFUSED;
import static io.workbench.fuzz.diff.KnownDifference.Verdict.ALLOWED;
import static io.workbench.fuzz.diff.KnownDifference.Verdict.IOCORE_STRICTER;
import static io.workbench.fuzz.diff.KnownDifference.Verdict.PEER_DEVIATION;

import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.StreamOutcome;
import io.workbench.iocore.http.HttpMethod;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every difference between iocore and its peers that is understood, with its RFC clause; anything
 * else fails the differential. Each was met by the fuzzer (the results page says how often). Each
 * is as narrow as its reason: it reads the request the discrepancy is on (its bytes, where iocore
 * found it, and what each parser made of it) and applies only where what it is about is there. A
 * difference in where a request ends is listed only where the peer departs from the RFC and iocore
 * read the body exactly as the harness's own reading of the RFC does ({@link ChunkedBody}); a
 * difference in what an accepted request says only for one field's value, changed in case or
 * whitespace by Jetty's field cache, and for the trailer fields about framing that Netty drops.
 */
public final class KnownDifferences {

    private static final Set<String> BOTH = Set.of("jetty", "netty");
    private static final Set<String> NETTY = Set.of("netty");
    private static final Set<String> JETTY = Set.of("jetty");

    /** {@code host:port}, the port captured (perhaps empty); the host a reg-name, an IPv4 address or an IP literal. */
    private static final Pattern HOST_PORT = Pattern.compile("(?:\\[[^\\]]*\\]|[^:\\[\\]]*):(\\d*)");
    /** The start of an absolute URI: a scheme and its colon (RFC 3986 section 3.1). */
    private static final Pattern ABSOLUTE_URI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:");
    /** A byte named in iocore's words: {@code 0x0B}, or a visible one quoted, {@code '#'}. */
    private static final Pattern NAMED_BYTE = Pattern.compile("0x([0-9A-F]{2})|'(.)'");
    /** The characters a request target may hold (RFC 3986 pchar, "/", "?", and "%"). */
    private static final Pattern TARGET_CHARS = Pattern.compile("[-A-Za-z0-9._~!$&'()*+,;=:@/?%\\[\\]]");
    /** The trailer fields Netty's decoder drops without looking at them (lower case). */
    private static final Set<String> NETTY_DROPS = Set.of("content-length", "transfer-encoding", "trailer");

    /** The field a field discrepancy is about: {@code (field #3)}, or {@code (trailer #0)}. */
    private static final Pattern FIELD_INDEX = Pattern.compile("\\((field|trailer) #(\\d+)\\)$");

    /** IPv6 text: hex digits and colons, with a "::" or eight groups. */
    private static final java.util.regex.Pattern UNBRACKETED_IPV6 =
            java.util.regex.Pattern.compile("^(?=[0-9A-Fa-f:]*::|(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}$)[0-9A-Fa-f:]+$");

    public static final List<KnownDifference> ALL = List.of(
            // Leniencies and choices the RFC leaves to the implementation.
            KnownDifference.of("unknown-method", BOTH, IOCORE_REFUSED, "^unknown method ", ALLOWED,
                    "RFC 9110 section 9.1",
                    "the method token is extensible; a server answers 501 to a method it does not implement (iocore implements nine), a decoder hands any token on")
                    .when("the peer's request has the method iocore names, and it is none of the nine", d -> {
                        String method = peer(d).method();
                        String named = d.reason().substring("unknown method ".length());
                        boolean same = named.equals(method) || named.endsWith("...") && method.startsWith(named.substring(0, named.length() - 3));
                        return same && Arrays.stream(HttpMethod.values()).noneMatch(m -> m.name().equals(method));
                    }),
            KnownDifference.of("content-length-repeated", BOTH, PEER_REFUSED, "Invalid Content-Length Value|Multiple Content-Length values|Multiple Content-Lengths", ALLOWED,
                    "RFC 9110 section 8.6",
                    "a Content-Length that repeats one value (3, 3 in one field, or two fields of 3) MAY be rejected or taken as that value; iocore takes it, Jetty and Netty reject it")
                    .when("iocore's request has two Content-Length values or more, every one the same number, and a body of that length", d -> {
                        ParsedMessage message = iocore(d);
                        List<BigInteger> values = message.values("Content-Length").stream()
                                .flatMap(v -> Arrays.stream(v.split(",", -1))).map(String::strip).map(KnownDifferences::decimal).toList();
                        return values.size() >= 2 && !values.contains(null) && values.stream().distinct().count() == 1
                                && values.getFirst().equals(BigInteger.valueOf(message.body().length()));
                    }),
            KnownDifference.of("obs-fold", NETTY, IOCORE_REFUSED, "^obs-fold", ALLOWED,
                    "RFC 9112 section 5.2",
                    "a server MUST either reject a request with obs-fold (iocore: 400) or replace each obs-fold with SP before interpreting the value (Netty)")
                    .when("the request's header section, or its trailer section, has a line that starts with SP or HTAB", d -> {
                        Comparison on = d.on();
                        String head = on.head(d.message());
                        int firstLine = head.indexOf("\r\n");
                        if (firstLine >= 0 && (head.indexOf("\r\n ", firstLine) >= 0 || head.indexOf("\r\n\t", firstLine) >= 0)) {
                            return true;
                        }
                        int trailers = on.trailerSectionStart(d.message());
                        String section = trailers < 0 ? "" : on.text(trailers - 2, on.stream().length);
                        int end = section.indexOf("\r\n\r\n");
                        section = end < 0 ? section : section.substring(0, end + 2);
                        return section.contains("\r\n ") || section.contains("\r\n\t");
                    }),
            KnownDifference.of("bare-lf-line-ending", BOTH, IOCORE_REFUSED, "bare LF ends|bare LF in the header section|bare LF in the trailer section", ALLOWED,
                    "RFC 9112 section 2.2",
                    "a recipient MAY recognize a single LF as a line terminator; iocore does not, and refuses the line")
                    .when("the request's request line, header section, chunk lines or trailer section hold a LF without a CR before it", d -> {
                        Comparison on = d.on();
                        int headEnd = on.headEnd(d.message());
                        if (hasBareLf(on.stream(), on.requestLineStart(d.message()), headEnd < 0 ? on.stream().length : headEnd)) {
                            return true;
                        }
                        ChunkedBody body = on.chunkedBody(d.message());
                        return body != null && body.stop() == ChunkedBody.Stop.BAD_LINE_END && on.stream()[body.end()] == '\n'
                                && on.stream()[body.end() - 1] != '\r';
                    }),
            KnownDifference.of("bare-lf-before-request-line", BOTH, IGNORED_BYTES, "iocore refused: bare LF before the request line", ALLOWED,
                    "RFC 9112 section 2.2",
                    "a server SHOULD ignore at least one empty line before a request line and MAY take a lone LF for one; iocore ignores only CRLF")
                    .when("the request starts with a LF after its empty lines", KnownDifferences::startsWithBareLf),
            // The same, when a request follows the lone LF (the peers accept it, iocore refused the stream before it).
            KnownDifference.of("bare-lf-before-request-line", BOTH, IOCORE_REFUSED, "^bare LF before the request line", ALLOWED,
                    "RFC 9112 section 2.2",
                    "a server SHOULD ignore at least one empty line before a request line and MAY take a lone LF for one; iocore ignores only CRLF")
                    .when("the request starts with a LF after its empty lines", KnownDifferences::startsWithBareLf),
            KnownDifference.of("input-ends-in-an-empty-line", BOTH, IGNORED_BYTES, "iocore found a truncated request", ALLOWED,
                    "RFC 9112 section 2.2",
                    "the input ends in a CR (or CR LF pairs) after the last request: iocore calls the unfinished empty line a truncated request (400, then it closes), the peers close quietly; no request is made either way")
                    .when("all that follows the last request is CRLF pairs and a CR, and iocore found it truncated", d -> {
                        Comparison on = d.on();
                        int at = on.requestLineStart(d.message());
                        return on.iocore().ending() == StreamOutcome.Ending.TRUNCATED && at == on.stream().length - 1 && on.stream()[at] == '\r';
                    }),
            KnownDifference.of("invalid-connection-option", BOTH, IOCORE_REFUSED, "^invalid Connection option", ALLOWED,
                    "RFC 9110 sections 7.6.1 and 2.2",
                    "Connection is a list of tokens; iocore refuses a value that is not (400), the peers keep it, as a recipient MAY recover from an invalid construct")
                    .when("the peer's request has a Connection field that is not a list of tokens",
                            d -> peer(d).values("Connection").stream().anyMatch(v -> !Grammar.isTokenList(v))),
            KnownDifference.of("transfer-encoding-in-http-1.0", JETTY, IOCORE_REFUSED, "Transfer-Encoding in an HTTP/1.0 request", ALLOWED,
                    "RFC 9112 section 6.1",
                    "a server MUST treat an HTTP/1.0 message with Transfer-Encoding as faulty framing and close the connection after processing it; iocore refuses it, Jetty processes it chunked")
                    .when("the peer's request is HTTP/1.0 with Transfer-Encoding",
                            d -> peer(d).version().equals("HTTP/1.0") && !peer(d).values("Transfer-Encoding").isEmpty()),
            KnownDifference.of("whitespace-in-request-line", BOTH, IOCORE_REFUSED, "^the request line has more than three parts$|^empty request target$|^invalid character 0x(09|0B|0C) in (the method|the request target|the HTTP version)$", ALLOWED,
                    "RFC 9112 section 3",
                    "the parts of a request line are separated by one SP; a recipient MAY split it on runs of whitespace (SP, HTAB, VT, FF) instead (the peers), iocore refuses the request")
                    .when("the request line has whitespace other than single spaces between its parts", d -> {
                        // Plain string checks: a regular expression's . stops at a byte like 0x85, a line terminator to Java.
                        String line = d.on().requestLine(d.message());
                        return line.contains("  ") || line.chars().anyMatch(c -> c == '\t' || c == 0x0B || c == 0x0C)
                                || !line.isEmpty() && " \t\u000B\u000C".indexOf(line.charAt(line.length() - 1)) >= 0;
                    }),
            KnownDifference.of("bare-cr-as-whitespace-in-request-line", NETTY, IOCORE_REFUSED,
                    "^(empty HTTP version in the request line|the request line has no HTTP version|invalid character 0x0D in (the method|the request target|the HTTP version)|bare CR in the start line)$", ALLOWED,
                    "RFC 9112 sections 2.2 and 3",
                    "a bare CR MUST be taken as invalid or replaced with SP, and a recipient MAY split a request line on any whitespace: Netty takes a bare CR in the request line for a space, iocore refuses the request")
                    .when("the request line holds a CR that no LF follows", d -> {
                        Comparison on = d.on();
                        byte[] stream = on.stream();
                        for (int i = on.requestLineStart(d.message()); i < stream.length && stream[i] != '\n'; i++) {
                            if (stream[i] == '\r' && (i + 1 == stream.length || stream[i + 1] != '\n')) {
                                return true;
                            }
                        }
                        return false;
                    }),
            KnownDifference.of("bare-cr-before-request-line", NETTY, IOCORE_REFUSED, "^bare CR before the request line$", ALLOWED,
                    "RFC 9112 sections 2.2 and 3",
                    "a bare CR before a request line, replaced with SP as a recipient may, is whitespace a recipient MAY ignore there (Netty); iocore refuses it")
                    .when("the request starts with a CR that no LF follows, after its empty lines", KnownDifferences::startsWithBareCr),
            KnownDifference.of("bare-cr-before-request-line", NETTY, IGNORED_BYTES, "^iocore refused: bare CR before the request line$", ALLOWED,
                    "RFC 9112 sections 2.2 and 3",
                    "a bare CR before a request line, replaced with SP as a recipient may, is whitespace a recipient MAY ignore there (Netty); iocore refuses it")
                    .when("the request starts with a CR that no LF follows, after its empty lines", KnownDifferences::startsWithBareCr),
            KnownDifference.of("whitespace-before-request-line", NETTY, IOCORE_REFUSED, "^the request line starts with (0x20|0x09|0x0B|0x0C)$", ALLOWED,
                    "RFC 9112 section 3",
                    "a recipient MAY ignore whitespace before the request line (Netty); iocore (and Jetty) refuse it")
                    .when("the request starts with that whitespace, after its empty lines", d -> firstByteIsTheOneNamed(d)),
            KnownDifference.of("jetty-canonical-value-case", JETTY, DISAGREE,
                    "^(?:fields|trailers): iocore has '(host|connection|accept-encoding|transfer-encoding|content-encoding|content-type|cache-control|pragma|expect|accept|accept-charset|accept-language|upgrade|te): (.*)' where the peer has '\\1: (?i)\\2' \\((?:field|trailer) #\\d+\\)$", ALLOWED,
                    "RFC 9110 sections 7.2, 7.6.1, 8.3.1, 8.4.1, 10.1.1",
                    "Jetty hands out its cached copy of a common field, or of the Host of the request before, whose value differs only in case (Connection: keeP-alive as keep-alive, Host: a as A); those values (tokens, media types, host names) are case-insensitive")
                    .when("iocore's value is its own field line's", KnownDifferences::iocoreReadItsLine),
            KnownDifference.of("jetty-cached-value-case-changes", JETTY, DISAGREE,
                    "^(?:fields|trailers): iocore has '([-!#$%&'*+.^_`|~0-9a-z]+): (.*)' where the peer has '\\1: (?i)\\2' \\((?:field|trailer) #\\d+\\)$", PEER_DEVIATION,
                    "RFC 9110 section 5.5",
                    "Jetty's field cache, matching case-insensitively, hands out an earlier request's value (or that value followed by the rest of the line) for a field whose value is case-sensitive (User-Agent: MozIlla as Mozilla): the value the application sees is not the one received")
                    .when("iocore's value is its own field line's, and the peer's starts with the value of a line of that name before it, its case included",
                            d -> iocoreReadItsLine(d) && earlierValues(d).stream().map(KnownDifferences::ows)
                                    .anyMatch(earlier -> !earlier.isEmpty() && peerField(d).value().startsWith(earlier))),
            KnownDifference.of("jetty-cached-value-whitespace", JETTY, DISAGREE,
                    "^(?:fields|trailers): iocore has '([-!#$%&'*+.^_`|~0-9a-z]+): (.*)' where the peer has '\\1: ( |\\\\t)+(?i)\\2' \\((?:field|trailer) #\\d+\\)$", PEER_DEVIATION,
                    "RFC 9112 section 5.1",
                    "the whitespace around a field value is not part of it; in a long pipelined stream Jetty's field cache handed out a value with the whitespace before it kept (its own line's, or an earlier line's in another case)")
                    .when("iocore's value is its own field line's, a line of that name came before it, and the peer's value is what follows the colon and one SP of the own line or starts with that of the line before (trailing whitespace aside)", d -> {
                        if (!iocoreReadItsLine(d)) {
                            return false;
                        }
                        List<String> earlier = earlierValues(d);
                        String value = peerField(d).value();
                        return !earlier.isEmpty() && (afterOneSpace(ownLine(d)).equals(value)
                                || earlier.stream().map(KnownDifferences::afterOneSpace).anyMatch(e -> e.length() > 1 && value.startsWith(e)));
                    }),
            KnownDifference.of("trailer-section-unterminated-at-close", JETTY, ENDS_DIFFER, "^iocore waited for more$", ALLOWED,
                    "RFC 9112 sections 7.1 and 8",
                    "the input ends inside the trailer section of a chunked request, after its last chunk: Jetty takes the request as complete (a chunked message is incomplete only without its last chunk), iocore as truncated (400); the input has ended, so no request follows either way")
                    .when("iocore found the request truncated, the input ends inside its trailer section (after the last chunk), and the peer's request is its body, ending at the end of the input", d -> {
                        Comparison on = d.on();
                        ChunkedBody body = on.chunkedBody(d.message());
                        return on.iocore().ending() == StreamOutcome.Ending.TRUNCATED && body != null && body.stop() == ChunkedBody.Stop.ENDED_IN_TRAILERS
                                && peer(d).body().equals(body.body()) && peer(d).end() == on.stream().length;
                    }),
            KnownDifference.of("chunk-extension-rejected", NETTY, PEER_REFUSED, "^InvalidChunkExtensionException", ALLOWED,
                    "RFC 9112 section 7.1.1",
                    "a chunk extension that is not ;name[=value] breaks the grammar: Netty refuses it, iocore ignores every extension made of visible characters and whitespace, as a recipient MUST ignore the extensions it does not know")
                    .when("iocore read the request's chunked body as the RFC does, and one of its chunk lines has an extension outside the grammar",
                            d -> chunkedAsTheRfcSays(d) && d.on().chunkedBody(d.message()).anyLine(line -> !line.extensionIsValid())),
            KnownDifference.of("netty-refuses-whitespace-after-a-chunk-extension-value", NETTY, PEER_REFUSED, "^InvalidChunkExtensionException", PEER_DEVIATION,
                    "RFC 9112 section 7.1.1, RFC 9110 section 5.6.3",
                    "the chunk-extension grammar allows bad whitespace (BWS) before each ';', which a recipient MUST parse and remove: Netty refuses whitespace between a token value and the next ';' (it takes whitespace elsewhere in an extension), iocore ignores the extension as it ignores every extension")
                    .when("iocore read the request's chunked body as the RFC does, every chunk line's extension is in the grammar, and one has whitespace between a token value and the next ';'",
                            d -> chunkedAsTheRfcSays(d) && d.on().chunkedBody(d.message()).anyLine(ChunkedBody.ChunkLine::extensionHasWhitespaceAfterATokenValue)
                                    && !d.on().chunkedBody(d.message()).anyLine(line -> !line.extensionIsValid())),
            KnownDifference.of("netty-drops-framing-trailers", NETTY, DISAGREE, "^trailers: iocore has \\d+ where the peer has \\d+: ", ALLOWED,
                    "RFC 9112 section 7.1.2, RFC 9110 section 6.5.1",
                    "a recipient that removes the chunked coding MAY selectively retain or discard the trailer fields it received, and a trailer field about framing (Content-Length, Transfer-Encoding, Trailer) is one a sender MUST NOT generate: Netty drops those three, iocore keeps every trailer field apart from the header fields (it merges none)")
                    .when("the peer's trailer fields are iocore's, in order, without the Content-Length, Transfer-Encoding and Trailer ones (at least one of them)", d -> {
                        List<ParsedMessage.Field> kept = iocore(d).normalizedTrailers().stream().filter(f -> !NETTY_DROPS.contains(f.name())).toList();
                        return kept.size() < iocore(d).trailers().size() && kept.equals(peer(d).normalizedTrailers());
                    }),
            KnownDifference.of("chunk-line-over-the-limit", BOTH, IOCORE_REFUSED, "^chunk line longer than \\d+ bytes$", ALLOWED,
                    "RFC 9112 section 7.1.1",
                    "a server ought to limit the total length of the chunk extensions it receives, as it limits the other parts of a message, and answer 4xx when a request exceeds it: iocore refuses a chunk line (size and extensions) longer than its limit (1 KiB by default, 400), the peers take one of 32 KiB")
                    .when("the request's chunked body has a chunk line (its size and extensions) longer than the limit iocore names", d -> {
                        ChunkedBody body = d.on().chunkedBody(d.message());
                        int limit = Integer.parseInt(d.reason().replaceAll("\\D", ""));
                        return body != null && body.anyLine(line -> line.digits().length() + line.extension().length() > limit);
                    }),
            // What the RFC asks of a server, which a decoder leaves to the application (or does not do).
            KnownDifference.of("host-port-jetty-refuses", JETTY, PEER_REFUSED, "^Bad HostPort$", PEER_DEVIATION,
                    "RFC 9110 section 7.2, RFC 3986 section 3.2.3",
                    "port = *DIGIT: a Host with an empty port, a port of 0 or one above 65535 is valid syntax (iocore accepts it); Jetty refuses it")
                    .when("iocore's request has a Host whose port is empty, 0 or above 65535", d -> iocore(d).values("Host").stream().anyMatch(host -> {
                        Matcher m = HOST_PORT.matcher(host);
                        if (!m.matches()) {
                            return false;
                        }
                        BigInteger port = decimal(m.group(1));
                        return m.group(1).isEmpty() || port != null && (port.signum() == 0 || port.compareTo(BigInteger.valueOf(65535)) > 0);
                    })),
            KnownDifference.of("jetty-accepts-a-signed-port", JETTY, IOCORE_REFUSED, "^invalid Host '.*:\\+\\d+'$", PEER_DEVIATION,
                    "RFC 9112 section 3.2, RFC 3986 section 3.2.3",
                    "port = *DIGIT: a Host port with a sign (+443) is invalid and a server MUST answer 400 (iocore does); Jetty reads it as a number and accepts it (it refuses every other invalid Host the fuzzer made)")
                    .when("the peer's request has the Host iocore names", d -> {
                        String named = d.reason().substring("invalid Host '".length(), d.reason().length() - 1);
                        return peer(d).values("Host").stream().anyMatch(host -> host.strip().equals(named));
                    }),
            KnownDifference.of("jetty-takes-an-unbracketed-ipv6-host", JETTY, IOCORE_REFUSED, "^invalid Host '", PEER_DEVIATION,
                    "RFC 9112 section 3.2, RFC 3986 section 3.2.2",
                    "an IPv6 address in a host is written in brackets ([a::3]); without them its colons make the Host invalid, and a server MUST answer 400 (iocore does; Netty checks no Host, see missing-repeated-or-invalid-host); Jetty takes a Host with more than one colon as an IPv6 address without a port")
                    .when("the Host iocore names is IPv6 text without brackets (hex digits and colons, with '::' or eight groups), and the peer's request has it", d -> {
                        String named = d.reason().substring("invalid Host '".length(), d.reason().length() - 1);
                        return UNBRACKETED_IPV6.matcher(named).matches()
                                && peer(d).values("Host").stream().anyMatch(host -> host.strip().equals(named));
                    }),
            KnownDifference.of("jetty-loses-the-end-after-a-bad-chunk-extension", JETTY, ENDS_DIFFER, "^the peer waited for more$", PEER_DEVIATION,
                    "RFC 9112 section 7.1.1",
                    "after a chunk extension that is not ;name[=value] (a space inside it, an empty name or value, a byte above 0x7F) Jetty neither refuses nor ignores it: it never finds the end of the chunked body and takes the following bytes, a next request included, as part of it until the input ends; iocore and Netty end the chunk line at its CRLF")
                    .when("iocore read the request's chunked body as the RFC does, one of its chunk lines has an extension outside the grammar, and Jetty read to the end of the input",
                            d -> chunkedAsTheRfcSays(d) && d.on().chunkedBody(d.message()).anyLine(line -> !line.extensionIsValid()) && jettyReadToTheEnd(d)),
            KnownDifference.of("jetty-loses-the-end-after-a-long-chunk-size", JETTY, ENDS_DIFFER, "^the peer waited for more$", PEER_DEVIATION,
                    "RFC 9112 section 7.1",
                    "chunk-size = 1*HEXDIG: a size of more than 16 digits, leading zeros included (00000000000000005), is still that size; Jetty neither refuses it nor reads it, and takes the following bytes, a next request included, as part of the body until the input ends; iocore and Netty read the size")
                    .when("iocore read the request's chunked body as the RFC does (every size the number its digits say), one of its chunk sizes has 17 digits or more, and Jetty read to the end of the input",
                            d -> chunkedAsTheRfcSays(d) && d.on().chunkedBody(d.message()).anyLine(line -> line.digits().length() > 16) && jettyReadToTheEnd(d)),
            KnownDifference.of("netty-fails-on-a-high-byte-in-a-chunk-extension", NETTY, PEER_REFUSED, "^IndexOutOfBoundsException: bitIndex < 0", PEER_DEVIATION,
                    "RFC 9112 section 7.1.1",
                    "a byte above 0x7F in a chunk extension makes Netty's decoder fail with an IndexOutOfBoundsException, so the request is refused (400) by accident rather than by its grammar check; iocore ignores the extension")
                    .when("iocore read the request's chunked body as the RFC does, and one of its chunk lines has a byte above 0x7F in its extension",
                            d -> chunkedAsTheRfcSays(d) && d.on().chunkedBody(d.message()).anyLine(ChunkedBody.ChunkLine::extensionHasHighByte)),
            KnownDifference.of("unknown-coding-before-chunked", BOTH, IOCORE_REFUSED, "^unsupported transfer coding: only chunked is implemented$|^invalid transfer coding '", PEER_DEVIATION,
                    "RFC 9112 section 6.1",
                    "a server SHOULD answer 501 to a transfer coding it does not understand (iocore: 501, or 400 for one that is not even a token); the peers frame the body by its final chunked and hand it on still coded")
                    .when("the peer's request has a transfer coding other than chunked before its final chunked", d -> {
                        List<String> codings = peer(d).values("Transfer-Encoding").stream().flatMap(v -> Arrays.stream(v.split(",", -1)))
                                .map(String::strip).filter(c -> !c.isEmpty()).toList();
                        return codings.size() >= 2 && codings.getLast().equalsIgnoreCase("chunked")
                                && codings.subList(0, codings.size() - 1).stream().anyMatch(c -> !c.equalsIgnoreCase("chunked"));
                    }),
            KnownDifference.of("request-line-starts-badly", BOTH, IOCORE_REFUSED, "^the request line starts with ", PEER_DEVIATION,
                    "RFC 9112 sections 2.2 and 3",
                    "only empty lines may come before a request line (and whitespace may be ignored); a request line that starts with another byte is invalid and SHOULD be answered 400: Jetty takes it into the method, Netty skips control bytes")
                    .when("the request starts with the byte iocore names, after its empty lines, and it is no token character", KnownDifferences::startsWithANonTokenByte),
            KnownDifference.of("request-line-starts-badly", BOTH, IGNORED_BYTES, "^iocore refused: the request line starts with ", PEER_DEVIATION,
                    "RFC 9112 sections 2.2 and 3",
                    "only empty lines may come before a request line (and whitespace may be ignored); a request line that starts with another byte is invalid and SHOULD be answered 400: Jetty takes it into the method, Netty skips control bytes")
                    .when("the request starts with the byte iocore names, after its empty lines, and it is no token character", KnownDifferences::startsWithANonTokenByte),
            KnownDifference.of("target-not-a-path-or-uri", BOTH, IOCORE_REFUSED, "^the request target is neither a path nor an absolute URI$", PEER_DEVIATION,
                    "RFC 9112 sections 3 and 3.2",
                    "a request-target is origin-form (a path), absolute-form, authority-form (CONNECT) or asterisk-form (OPTIONS); GET site.css is none of them, and an invalid request line SHOULD be answered 400; the peers hand the target on")
                    .when("the peer's target is neither a path, nor an absolute URI, nor *", d -> {
                        String target = peer(d).target();
                        return !target.startsWith("/") && !target.startsWith("*") && !ABSOLUTE_URI.matcher(target).lookingAt();
                    }),
            KnownDifference.of("asterisk-form-misused", BOTH, IOCORE_REFUSED, "^the asterisk-form target is exactly '\\*' and only for OPTIONS$", PEER_DEVIATION,
                    "RFC 9112 section 3.2.4",
                    "the asterisk-form is a lone * and only for OPTIONS; the peers hand on GET * and OPTIONS *x")
                    .when("the peer's target starts with *, and is not a lone * of OPTIONS",
                            d -> peer(d).target().startsWith("*") && !(peer(d).target().equals("*") && peer(d).method().equals("OPTIONS"))),
            KnownDifference.of("connect-without-authority", BOTH, IOCORE_REFUSED, "^CONNECT needs an authority-form target", PEER_DEVIATION,
                    "RFC 9112 section 3.2.3",
                    "CONNECT takes the authority-form (host:port) and nothing else; the peers hand on CONNECT / and CONNECT *")
                    .when("the peer's request is a CONNECT whose target is not host:port",
                            d -> peer(d).method().equals("CONNECT") && !peer(d).target().matches("[^/?#@\\s]+:\\d+")),
            KnownDifference.of("version-name-case", BOTH, IOCORE_REFUSED, "^unsupported HTTP version (?!HTTP/)(?i:http)/\\d\\.\\d$", PEER_DEVIATION,
                    "RFC 9112 section 2.3",
                    "HTTP-name is %s\"HTTP\", case-sensitive: HTTp/1.1 is no version iocore speaks (505); the peers take it as HTTP/1.1 (and HtTP/2.0 as HTTP/2.0)")
                    .when("the request line ends in the version iocore names", d -> d.on().requestLine(d.message()).endsWith(" " + d.reason().substring("unsupported HTTP version ".length()))),
            KnownDifference.of("netty-unchecked-disallowed-trailer", NETTY, IOCORE_REFUSED, "^bare CR in a field line$|^invalid character 0x[0-9A-F]{2} in a field value$", PEER_DEVIATION,
                    "RFC 9112 section 2.2, RFC 9110 section 5.5",
                    "a bare CR MUST be taken as invalid or replaced with SP, and so MUST a NUL in a field value; Netty drops a trailer field about framing (Content-Length, Transfer-Encoding, Trailer) without looking at its value (it refuses the same bytes in a header field, or in any other trailer field)")
                    .when("the request's header section is clean and its chunked body reaches a trailer section whose first bad field line is one Netty drops", d -> {
                        Comparison on = d.on();
                        int headEnd = on.headEnd(d.message());
                        int at = on.trailerSectionStart(d.message());
                        if (headEnd < 0 || at < 0 || hasBadFieldByte(on.stream(), on.requestLineStart(d.message()), headEnd - 4)) {
                            return false;
                        }
                        // The trailer section, line by line, up to the first line with a byte a field line may not hold.
                        while (at < on.stream().length) {
                            int lf = indexOfLf(on.stream(), at);
                            int end = lf < 0 ? on.stream().length : lf;
                            int lineEnd = end > at && on.stream()[end - 1] == '\r' ? end - 1 : end;
                            if (hasBadFieldByte(on.stream(), at, lineEnd)) {
                                String line = on.text(at, lineEnd);
                                int colon = line.indexOf(':');
                                return colon > 0 && NETTY_DROPS.contains(line.substring(0, colon).toLowerCase(java.util.Locale.ROOT));
                            }
                            if (lf < 0) {
                                return false;
                            }
                            at = lf + 1;
                        }
                        return false;
                    }),
            // What the RFC asks of a server, which a decoder leaves to the application (or does not do).
            KnownDifference.of("missing-repeated-or-invalid-host", NETTY, IOCORE_REFUSED, "without Host|more than one Host|in Host$|^invalid Host '", PEER_DEVIATION,
                    "RFC 9112 section 3.2",
                    "a server MUST answer 400 to an HTTP/1.1 request without Host, with more than one Host or with an invalid one; Netty's decoder leaves that to the application")
                    .when("the peer's request has no Host (for a request without one), two or more (for more than one), or one (for an invalid one)", d -> {
                        int hosts = peer(d).values("Host").size();
                        return d.reason().contains("without Host") ? hosts == 0 : d.reason().contains("more than one Host") ? hosts >= 2 : hosts >= 1;
                    }),
            KnownDifference.of("invalid-request-target", BOTH, IOCORE_REFUSED, "in the request target$", PEER_DEVIATION,
                    "RFC 9112 section 3",
                    "a request-target with a character it may not hold (a fragment's #, a quote, a control byte) makes the request line invalid: a recipient SHOULD answer 400 and SHOULD NOT autocorrect; the peers pass the target on")
                    .when("the request line holds the character iocore names, and it is not one a target may hold", d -> {
                        int b = namedByte(d.reason());
                        // The line up to its LF: a bare CR in it is one of the bytes a target may not hold.
                        Comparison on = d.on();
                        String line = on.text(on.requestLineStart(d.message()), on.stream().length).split("\n", 2)[0];
                        line = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
                        return b >= 0 && !TARGET_CHARS.matcher(String.valueOf((char) b)).matches() && line.indexOf(b) >= 0;
                    }),
            KnownDifference.of("other-major-version", BOTH, IOCORE_REFUSED, "^unsupported HTTP version HTTP/(?!1\\.)", PEER_DEVIATION,
                    "RFC 9110 section 15.6.6",
                    "a server answers 505 to a major version it does not support (HTTP/2.0 on an HTTP/1.1 connection); the peers' HTTP/1.1 decoders hand it on")
                    .when("the request line ends in the version iocore names", d -> d.on().requestLine(d.message()).endsWith(" " + d.reason().substring("unsupported HTTP version ".length()))),
            // Where iocore is stricter than the RFC asks, on purpose.
            KnownDifference.of("higher-minor-version", NETTY, IOCORE_REFUSED, "^unsupported HTTP version HTTP/1\\.[2-9]$", IOCORE_STRICTER,
                    "RFC 9110 section 2.5",
                    "a recipient SHOULD process a higher minor version (HTTP/1.2) as the highest it implements; iocore (and Jetty) answer 505 to any version but 1.0 and 1.1, Netty processes it")
                    .when("the request line ends in the version iocore names", d -> d.on().requestLine(d.message()).endsWith(" " + d.reason().substring("unsupported HTTP version ".length()))));

    private KnownDifferences() {
    }

    /** @return the known difference that explains {@code discrepancy}, if one does */
    public static Optional<KnownDifference> explain(Discrepancy discrepancy) {
        return ALL.stream().filter(known -> known.matches(discrepancy)).findFirst();
    }

    // --- what the conditions read ------------------------------------------------------------

    private static ParsedMessage iocore(Discrepancy d) {
        return d.on().iocoreMessage(d.message());
    }

    private static ParsedMessage peer(Discrepancy d) {
        return d.on().peerMessage(d.message());
    }

    /** @return the peer's field a field discrepancy is about (its index is in the reason) */
    private static ParsedMessage.Field peerField(Discrepancy d) {
        Matcher m = FIELD_INDEX.matcher(d.reason());
        if (!m.find()) {
            throw new IllegalArgumentException("no field index in " + d.reason());
        }
        return (m.group(1).equals("field") ? peer(d).fields() : peer(d).trailers()).get(Integer.parseInt(m.group(2)));
    }

    /** @return {@code raw} without the optional whitespace (SP, HTAB) around it */
    private static String ows(String raw) {
        return raw.replaceAll("^[ \\t]+|[ \\t]+$", "");
    }

    /** @return {@code raw} without its first SP (a field's value as Jetty's cache keeps it) and without the whitespace after it */
    private static String afterOneSpace(String raw) {
        String trimmed = raw.replaceAll("[ \\t]+$", "");
        return trimmed.startsWith(" ") ? trimmed.substring(1) : trimmed;
    }

    /**
     * The field line a field discrepancy is about, in the request's own bytes: the one at the
     * field's index among the header section's lines (after the request line), or among the
     * trailer section's. iocore accepted the request, so every such line is {@code name:value}.
     *
     * @return {@code {offset of the line, what follows its colon}}
     */
    private static Object[] ownLineAt(Discrepancy d) {
        Matcher m = FIELD_INDEX.matcher(d.reason());
        if (!m.find()) {
            throw new IllegalArgumentException("no field index in " + d.reason());
        }
        Comparison on = d.on();
        int k = d.message();
        int at;
        if (m.group(1).equals("field")) {
            at = on.requestLineStart(k);
            at = indexOfLf(on.stream(), at) + 1;
        } else {
            at = on.trailerSectionStart(k);
        }
        for (int i = Integer.parseInt(m.group(2)); i > 0; i--) {
            at = indexOfLf(on.stream(), at) + 1;
        }
        int lf = indexOfLf(on.stream(), at);
        String line = on.text(at, lf < 0 ? on.stream().length : lf - 1);
        return new Object[] {at, line.substring(line.indexOf(':') + 1)};
    }

    /** @return what follows the colon of the field line the discrepancy is about */
    private static String ownLine(Discrepancy d) {
        return (String) ownLineAt(d)[1];
    }

    /** @return whether iocore's value is its own field line's value, as RFC 9112 section 5 reads it (without the whitespace around it) */
    private static boolean iocoreReadItsLine(Discrepancy d) {
        Matcher m = FIELD_INDEX.matcher(d.reason());
        if (!m.find()) {
            return false;
        }
        ParsedMessage message = iocore(d);
        List<ParsedMessage.Field> fields = m.group(1).equals("field") ? message.fields() : message.trailers();
        return ows(ownLine(d)).equals(fields.get(Integer.parseInt(m.group(2))).value());
    }

    /** @return what follows the colon of every line of the field's name before the field's own line in the stream, in order */
    private static List<String> earlierValues(Discrepancy d) {
        Comparison on = d.on();
        int own = (int) ownLineAt(d)[0];
        String name = peerField(d).name().toLowerCase(java.util.Locale.ROOT);
        String before = on.text(0, own);
        String lower = before.toLowerCase(java.util.Locale.ROOT);
        String start = "\n" + name + ":";
        List<String> values = new java.util.ArrayList<>();
        for (int at = lower.indexOf(start); at >= 0; at = lower.indexOf(start, at + 1)) {
            int from = at + start.length();
            int end = before.indexOf('\r', from);
            values.add(before.substring(from, end < 0 ? before.length() : end));
        }
        return values;
    }

    /** @return whether iocore read the request's chunked body exactly as the RFC does: the same content, ending at the same byte */
    private static boolean chunkedAsTheRfcSays(Discrepancy d) {
        ChunkedBody body = d.on().chunkedBody(d.message());
        return body != null && body.isWhatIocoreRead(iocore(d));
    }

    /** @return whether Jetty read on to the end of the input, looking for the end of a body: its early EOF */
    private static boolean jettyReadToTheEnd(Discrepancy d) {
        StreamOutcome jetty = d.on().peer();
        return jetty.ending() == StreamOutcome.Ending.TRUNCATED && jetty.reason().equals("early EOF");
    }

    private static boolean startsWithBareLf(Discrepancy d) {
        Comparison on = d.on();
        int at = on.requestLineStart(d.message());
        return at < on.stream().length && on.stream()[at] == '\n';
    }

    private static boolean startsWithBareCr(Discrepancy d) {
        Comparison on = d.on();
        int at = on.requestLineStart(d.message());
        return at < on.stream().length && on.stream()[at] == '\r' && (at + 1 == on.stream().length || on.stream()[at + 1] != '\n');
    }

    /** The reason names the request's first byte (after its empty lines): {@code the request line starts with 0x20}. */
    private static boolean firstByteIsTheOneNamed(Discrepancy d) {
        Comparison on = d.on();
        int at = on.requestLineStart(d.message());
        return at < on.stream().length && (on.stream()[at] & 0xFF) == namedByte(d.reason());
    }

    /** @return the byte iocore's reason names ({@code 0x0B} or {@code '#'}), or -1 if it names none */
    private static int namedByte(String reason) {
        Matcher m = NAMED_BYTE.matcher(reason);
        if (!m.find()) {
            return -1;
        }
        return m.group(1) != null ? Integer.parseInt(m.group(1), 16) : m.group(2).charAt(0);
    }

    private static boolean startsWithANonTokenByte(Discrepancy d) {
        Comparison on = d.on();
        int at = on.requestLineStart(d.message());
        return firstByteIsTheOneNamed(d) && !Grammar.isTokenChar(on.stream()[at] & 0xFF);
    }

    private static boolean hasBareLf(byte[] stream, int from, int to) {
        for (int i = from; i < to; i++) {
            if (stream[i] == '\n' && (i == 0 || stream[i - 1] != '\r')) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return whether {@code [from, to)} holds a byte no field line may hold (RFC 9110 section 5.5:
     *         a control byte other than HTAB, a bare CR included) or a bare LF
     */
    private static boolean hasBadFieldByte(byte[] stream, int from, int to) {
        for (int i = from; i < to; i++) {
            int b = stream[i] & 0xFF;
            boolean lineEnd = b == '\r' && i + 1 < stream.length && stream[i + 1] == '\n' || b == '\n' && i > 0 && stream[i - 1] == '\r';
            if ((b < 0x20 && b != '\t' || b == 0x7F) && !lineEnd) {
                return true;
            }
        }
        return false;
    }

    private static int indexOfLf(byte[] stream, int from) {
        for (int i = from; i < stream.length; i++) {
            if (stream[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** @return the number {@code s} says if it is 1*DIGIT, else null */
    private static BigInteger decimal(String s) {
        return s.isEmpty() || !s.chars().allMatch(c -> c >= '0' && c <= '9') ? null : new BigInteger(s);
    }
}
