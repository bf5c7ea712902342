package io.workbench.iocore.http;

import java.nio.charset.StandardCharsets;

/**
 * Status codes: the ones this package answers bad input with, the reason phrases of RFC 9110
 * section 15, and every status line from 100 to 599 pre-encoded, so that a generator writes
 * {@code HTTP/1.1 200 OK\r\n} with one bulk copy.
 */
public final class HttpStatus {

    public static final int CONTINUE = 100;
    public static final int OK = 200;
    public static final int NO_CONTENT = 204;
    public static final int NOT_MODIFIED = 304;
    public static final int BAD_REQUEST = 400;
    public static final int NOT_FOUND = 404;
    public static final int CONTENT_TOO_LARGE = 413;
    public static final int URI_TOO_LONG = 414;
    public static final int REQUEST_HEADER_FIELDS_TOO_LARGE = 431;
    public static final int INTERNAL_SERVER_ERROR = 500;
    public static final int NOT_IMPLEMENTED = 501;
    public static final int HTTP_VERSION_NOT_SUPPORTED = 505;

    static final int MIN = 100;
    static final int MAX = 599;

    private static final String[] REASONS = new String[MAX + 1];
    private static final byte[][] STATUS_LINES = new byte[MAX + 1][];

    static {
        reason(100, "Continue");
        reason(101, "Switching Protocols");
        reason(200, "OK");
        reason(201, "Created");
        reason(202, "Accepted");
        reason(203, "Non-Authoritative Information");
        reason(204, "No Content");
        reason(205, "Reset Content");
        reason(206, "Partial Content");
        reason(300, "Multiple Choices");
        reason(301, "Moved Permanently");
        reason(302, "Found");
        reason(303, "See Other");
        reason(304, "Not Modified");
        reason(307, "Temporary Redirect");
        reason(308, "Permanent Redirect");
        reason(400, "Bad Request");
        reason(401, "Unauthorized");
        reason(402, "Payment Required");
        reason(403, "Forbidden");
        reason(404, "Not Found");
        reason(405, "Method Not Allowed");
        reason(406, "Not Acceptable");
        reason(407, "Proxy Authentication Required");
        reason(408, "Request Timeout");
        reason(409, "Conflict");
        reason(410, "Gone");
        reason(411, "Length Required");
        reason(412, "Precondition Failed");
        reason(413, "Content Too Large");
        reason(414, "URI Too Long");
        reason(415, "Unsupported Media Type");
        reason(416, "Range Not Satisfiable");
        reason(417, "Expectation Failed");
        reason(421, "Misdirected Request");
        reason(422, "Unprocessable Content");
        reason(426, "Upgrade Required");
        reason(428, "Precondition Required");
        reason(429, "Too Many Requests");
        reason(431, "Request Header Fields Too Large");
        reason(500, "Internal Server Error");
        reason(501, "Not Implemented");
        reason(502, "Bad Gateway");
        reason(503, "Service Unavailable");
        reason(504, "Gateway Timeout");
        reason(505, "HTTP Version Not Supported");
        for (int status = MIN; status <= MAX; status++) {
            // status-line = HTTP-version SP status-code SP [ reason-phrase ] CRLF: the second SP stays without a reason.
            String line = "HTTP/1.1 " + status + " " + (REASONS[status] == null ? "" : REASONS[status]) + "\r\n";
            STATUS_LINES[status] = line.getBytes(StandardCharsets.US_ASCII);
        }
    }

    private static void reason(int status, String reason) {
        REASONS[status] = reason;
    }

    private HttpStatus() {
    }

    /** @return whether {@code status} is a three-digit code in [100, 599] */
    public static boolean isValid(int status) {
        return status >= MIN && status <= MAX;
    }

    /** @return the reason phrase of {@code status}, or an empty string for a code without one */
    public static String reason(int status) {
        checkValid(status);
        return REASONS[status] == null ? "" : REASONS[status];
    }

    /**
     * Whether a response with this status never has content, whatever its fields say
     * (RFC 9112 section 6.3: every 1xx, 204 and 304).
     */
    public static boolean hasNoContent(int status) {
        return status < 200 || status == NO_CONTENT || status == NOT_MODIFIED;
    }

    /** @return {@code HTTP/1.1 <status> <reason>\r\n} as bytes; callers must not modify them */
    static byte[] statusLine(int status) {
        checkValid(status);
        return STATUS_LINES[status];
    }

    private static void checkValid(int status) {
        if (!isValid(status)) {
            throw new IllegalArgumentException("status must be a code in [100, 599], was " + status);
        }
    }
}
