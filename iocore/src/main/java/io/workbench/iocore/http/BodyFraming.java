package io.workbench.iocore.http;

/**
 * How the end of a message body is found (RFC 9112 section 6.3), decided once the header section
 * is complete.
 */
public enum BodyFraming {
    /** No content: a request without Content-Length or Transfer-Encoding, a response to HEAD, a 1xx, 204 or 304. */
    NONE,
    /** Exactly {@code Content-Length} bytes follow the head. */
    CONTENT_LENGTH,
    /** The chunked transfer coding: chunks, a zero-size last chunk, optional trailer fields. */
    CHUNKED,
    /** Responses only: the content ends when the connection closes, which therefore cannot be reused. */
    UNTIL_CLOSE
}
