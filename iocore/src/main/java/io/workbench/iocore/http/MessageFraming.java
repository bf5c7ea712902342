package io.workbench.iocore.http;

import static io.workbench.iocore.http.HttpFields.elementEnd;
import static io.workbench.iocore.http.HttpFields.equalsIgnoreCase;
import static io.workbench.iocore.http.HttpFields.skipWhitespace;
import static io.workbench.iocore.http.HttpFields.trimWhitespace;

/**
 * What the framing fields of one message say, gathered field by field while the parser reads the
 * header section, and what follows from them once it ends: where the body ends (RFC 9112 section
 * 6.3), whether the connection persists (section 9.3) and, for requests, the Host rule of section
 * 3.2. This is where the request-smuggling vectors are refused: a message whose length two
 * implementations could read differently (Content-Length with Transfer-Encoding, two different
 * Content-Lengths, chunked applied twice or not last, Transfer-Encoding in HTTP/1.0) never gets a
 * framing. Of the transfer codings of a request, only a final chunked is implemented: a request
 * whose final coding is not chunked is a 400 (RFC 9112 section 6.3), one with a final chunked
 * behind a coding we do not implement ({@code gzip, chunked}) a 501 (section 6.1).
 *
 * <p>The parser owns one and {@link #reset()}s it per message; the field bytes it reads stay in
 * the parser's {@link HttpFields}, so gathering allocates nothing.
 */
final class MessageFraming {

    private int hostFields;
    /** The Content-Length value, or -1 when there was none. */
    private long contentLength = -1;
    private int transferEncodingFields;
    /** Non-empty transfer codings listed, over every Transfer-Encoding field. */
    private int codings;
    private boolean chunked;
    private boolean chunkedLast;
    private boolean unsupportedCoding;
    private boolean close;
    private boolean keepAlive;

    private BodyFraming framing = BodyFraming.NONE;
    private boolean persistent;

    void reset() {
        hostFields = 0;
        contentLength = -1;
        transferEncodingFields = 0;
        codings = 0;
        chunked = false;
        chunkedLast = false;
        unsupportedCoding = false;
        close = false;
        keepAlive = false;
        framing = BodyFraming.NONE;
        persistent = false;
    }

    /** Takes note of field {@code index} of {@code fields}, just completed; refuses it at once if it alone makes the message bad. */
    void onField(boolean request, HttpFields fields, int index) throws BadMessageException {
        HttpHeader header = fields.header(index);
        if (header == null) {
            return;
        }
        byte[] bytes = fields.bytes();
        int from = fields.valueStart(index);
        int end = fields.valueEnd(index);
        switch (header) {
            case HOST -> {
                if (request) {
                    host(bytes, from, end);
                }
            }
            case CONTENT_LENGTH -> contentLength(bytes, from, end);
            case TRANSFER_ENCODING -> transferEncoding(bytes, from, end);
            case CONNECTION -> connection(bytes, from, end);
            default -> {
            }
        }
    }

    private void host(byte[] bytes, int from, int end) throws BadMessageException {
        if (++hostFields > 1) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "more than one Host field");
        }
        for (int i = from; i < end; i++) {
            if (!HttpTokens.is(bytes[i], HttpTokens.HOST)) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + HttpTokens.describe(bytes[i]) + " in Host");
            }
        }
        if (!isHostAndPort(bytes, from, end)) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid Host '" + text(bytes, from, end) + "'");
        }
    }

    /**
     * {@code uri-host [ ":" port ]} (RFC 9110 section 7.2, RFC 3986 section 3.2.2), of characters
     * already known to be host characters: an IP literal in brackets, or a name (which covers IPv4)
     * whose percent signs each encode a byte; then, after a colon, a port of digits (maybe none).
     * The whole value may be empty, but not the name before a port: an http URI has no empty host
     * (RFC 9110 section 4.2.1).
     */
    private static boolean isHostAndPort(byte[] bytes, int from, int end) {
        int i = from;
        if (i < end && bytes[i] == ':') {
            return false;
        }
        if (i < end && bytes[i] == '[') {
            int close = i + 1;
            while (close < end && bytes[close] != ']') {
                if (bytes[close] == '[' || bytes[close] == '%') {
                    return false;
                }
                close++;
            }
            if (close == end || close == i + 1) {
                return false;
            }
            i = close + 1;
        } else {
            while (i < end && bytes[i] != ':') {
                byte b = bytes[i];
                if (b == '[' || b == ']') {
                    return false;
                }
                if (b == '%') {
                    if (i + 2 >= end || !HttpTokens.is(bytes[i + 1], HttpTokens.HEX) || !HttpTokens.is(bytes[i + 2], HttpTokens.HEX)) {
                        return false;
                    }
                    i += 2;
                }
                i++;
            }
        }
        if (i == end) {
            return true;
        }
        if (bytes[i] != ':') {
            return false;
        }
        for (int k = i + 1; k < end; k++) {
            if (!HttpTokens.is(bytes[k], HttpTokens.DIGIT)) {
                return false;
            }
        }
        return true;
    }

    /** {@code 1*DIGIT}; a list of equal values (what two identical fields combine to) is that value (RFC 9110 section 8.6). */
    private void contentLength(byte[] bytes, int from, int end) throws BadMessageException {
        int elementFrom = from;
        while (true) {
            int comma = elementEnd(bytes, elementFrom, end);
            int start = skipWhitespace(bytes, elementFrom, comma);
            int stop = trimWhitespace(bytes, start, comma);
            if (start == stop) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "empty Content-Length");
            }
            long value = 0;
            for (int i = start; i < stop; i++) {
                byte b = bytes[i];
                if (!HttpTokens.is(b, HttpTokens.DIGIT)) {
                    throw new BadMessageException(HttpStatus.BAD_REQUEST, "Content-Length is not a non-negative number: '" + text(bytes, from, end) + "'");
                }
                int digit = b - '0';
                if (value > (Long.MAX_VALUE - digit) / 10) {
                    throw new BadMessageException(HttpStatus.BAD_REQUEST, "Content-Length does not fit in 63 bits: '" + text(bytes, from, end) + "'");
                }
                value = value * 10 + digit;
            }
            if (contentLength >= 0 && contentLength != value) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "different Content-Length values: " + contentLength + " and " + value);
            }
            contentLength = value;
            if (comma == end) {
                return;
            }
            elementFrom = comma + 1;
        }
    }

    /**
     * {@code 1#transfer-coding}, possibly over several fields. Only chunked is implemented; it may
     * be applied once and must be last (RFC 9112 sections 6.1 and 7).
     */
    private void transferEncoding(byte[] bytes, int from, int end) throws BadMessageException {
        transferEncodingFields++;
        int elementFrom = from;
        while (true) {
            int comma = elementEnd(bytes, elementFrom, end);
            int start = skipWhitespace(bytes, elementFrom, comma);
            int stop = trimWhitespace(bytes, start, comma);
            if (start < stop) {
                coding(bytes, start, stop);
            }
            if (comma == end) {
                return;
            }
            elementFrom = comma + 1;
        }
    }

    private void coding(byte[] bytes, int start, int stop) throws BadMessageException {
        int nameEnd = start;
        while (nameEnd < stop && HttpTokens.is(bytes[nameEnd], HttpTokens.TCHAR)) {
            nameEnd++;
        }
        if (nameEnd == start || (nameEnd < stop && bytes[skipWhitespace(bytes, nameEnd, stop)] != ';')) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid transfer coding '" + text(bytes, start, stop) + "'");
        }
        codings++;
        // chunked takes no parameters: "chunked;x=y" is a coding we do not know.
        boolean isChunked = nameEnd == stop && equalsIgnoreCase(bytes, start, stop, "chunked");
        if (isChunked && chunked) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "chunked applied more than once");
        }
        if (isChunked) {
            chunked = true;
            chunkedLast = true;
        } else {
            unsupportedCoding = true;
            chunkedLast = false;
        }
    }

    private void connection(byte[] bytes, int from, int end) throws BadMessageException {
        int elementFrom = from;
        while (true) {
            int comma = elementEnd(bytes, elementFrom, end);
            int start = skipWhitespace(bytes, elementFrom, comma);
            int stop = trimWhitespace(bytes, start, comma);
            for (int i = start; i < stop; i++) {
                if (!HttpTokens.is(bytes[i], HttpTokens.TCHAR)) {
                    throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid Connection option '" + text(bytes, start, stop) + "'");
                }
            }
            if (equalsIgnoreCase(bytes, start, stop, "close")) {
                close = true;
            } else if (equalsIgnoreCase(bytes, start, stop, "keep-alive")) {
                keepAlive = true;
            }
            if (comma == end) {
                return;
            }
            elementFrom = comma + 1;
        }
    }

    /** The header section of a request is complete: decide, or refuse with the status to answer. */
    void decideRequest(HttpVersion version, HttpLimits limits) throws BadMessageException {
        if (version == HttpVersion.HTTP_1_1 && hostFields == 0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "HTTP/1.1 request without Host");
        }
        if (transferEncodingFields > 0) {
            checkTransferEncoding(version, "request");
            // RFC 9112 section 6.3: a request whose final coding is not chunked has no length a
            // server can rely on, whether or not it knows the codings: 400, then close. Only once
            // chunked is last does an unknown coding before it mean "not implemented" (section 6.1).
            if (!chunkedLast) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, chunked
                        ? "chunked is not the final transfer coding: the body length cannot be determined"
                        : "the final transfer coding is not chunked: the body length cannot be determined");
            }
            if (unsupportedCoding) {
                throw new BadMessageException(HttpStatus.NOT_IMPLEMENTED, "unsupported transfer coding: only chunked is implemented");
            }
            framing = BodyFraming.CHUNKED;
        } else if (contentLength >= 0) {
            checkContentLength(limits);
            framing = BodyFraming.CONTENT_LENGTH;
        } else {
            framing = BodyFraming.NONE;
        }
        persistent = persistent(version);
    }

    /**
     * The header section of a response to a {@code requestMethod} request is complete: decide, or
     * refuse. A response whose length is unknown is read until the connection closes.
     */
    void decideResponse(HttpVersion version, int status, HttpMethod requestMethod, HttpLimits limits) throws BadMessageException {
        if (transferEncodingFields > 0) {
            checkTransferEncoding(version, "response");
        }
        boolean tunnel = requestMethod == HttpMethod.CONNECT && status / 100 == 2;
        if (requestMethod == HttpMethod.HEAD || HttpStatus.hasNoContent(status) || tunnel) {
            framing = BodyFraming.NONE;
        } else if (transferEncodingFields > 0) {
            framing = chunkedLast ? BodyFraming.CHUNKED : BodyFraming.UNTIL_CLOSE;
        } else if (contentLength >= 0) {
            checkContentLength(limits);
            framing = BodyFraming.CONTENT_LENGTH;
        } else {
            framing = BodyFraming.UNTIL_CLOSE;
        }
        // After a tunnel or a protocol switch the connection no longer carries HTTP/1.1 messages.
        persistent = persistent(version) && framing != BodyFraming.UNTIL_CLOSE && !tunnel && status != 101;
    }

    private void checkTransferEncoding(HttpVersion version, String message) throws BadMessageException {
        if (contentLength >= 0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "both Content-Length and Transfer-Encoding in a " + message);
        }
        if (version == HttpVersion.HTTP_1_0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "Transfer-Encoding in an HTTP/1.0 " + message);
        }
        if (codings == 0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "empty Transfer-Encoding");
        }
    }

    private void checkContentLength(HttpLimits limits) throws BadMessageException {
        if (contentLength > limits.maxContentLength()) {
            throw new BadMessageException(HttpStatus.CONTENT_TOO_LARGE,
                    "Content-Length " + contentLength + " is over the limit of " + limits.maxContentLength() + " bytes");
        }
    }

    private boolean persistent(HttpVersion version) {
        return !close && (version == HttpVersion.HTTP_1_1 || keepAlive);
    }

    BodyFraming framing() {
        return framing;
    }

    /** @return the Content-Length of the message, or -1 if it had none */
    long contentLength() {
        return contentLength;
    }

    boolean persistent() {
        return persistent;
    }

    private static String text(byte[] bytes, int from, int to) {
        return new String(bytes, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return "MessageFraming[" + framing + ", contentLength=" + contentLength + ", persistent=" + persistent + "]";
    }
}
