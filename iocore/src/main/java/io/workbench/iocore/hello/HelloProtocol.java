package io.workbench.iocore.hello;

import java.nio.charset.StandardCharsets;

/**
 * The contract of the hello target, shared by every server so that the load generator sees the
 * same bytes from all of them.
 *
 * <ul>
 *   <li>{@code GET /hello} answers {@code 200}, {@code Content-Type: text/plain}, body
 *       {@code hello}, after the target's configured wait; {@code ?wait=MS} overrides the wait
 *       for one request. A wait that is not a whole number of milliseconds between 0 and
 *       {@link #MAX_WAIT_MILLIS} is answered {@code 400} with the reason.</li>
 *   <li>{@code GET /stats} answers {@code 200 application/json} with {@link RequestStats#toJson()}.</li>
 *   <li>{@code HEAD} is answered wherever {@code GET} is, as RFC 9110 section 9.3.2 asks: the
 *       same status and fields, {@code Content-Length} included, and no body.</li>
 *   <li>Any other method on one of the contract's paths is {@code 405 Method Not Allowed} with
 *       {@code Allow: }{@value #ALLOWED_METHODS} (RFC 9110 section 15.5.6).</li>
 *   <li>Any other path is {@code 404}, whatever the method.</li>
 * </ul>
 */
public final class HelloProtocol {

    public static final String HELLO_PATH = "/hello";
    public static final String STATS_PATH = "/stats";
    public static final String HELLO_CONTENT_TYPE = "text/plain";
    public static final String STATS_CONTENT_TYPE = "application/json";
    public static final String WAIT_PARAMETER = "wait";
    /** The methods every path of the contract takes: the value of {@code Allow} in a 405. */
    public static final String ALLOWED_METHODS = "GET, HEAD";
    /** One hour: longer than any scenario, short enough that a typo does not park a request forever. */
    public static final long MAX_WAIT_MILLIS = 3_600_000;

    private static final byte[] HELLO_BODY = "hello".getBytes(StandardCharsets.US_ASCII);

    private HelloProtocol() {
    }

    /** @return a fresh copy of the body of a hello response */
    public static byte[] helloBody() {
        return HELLO_BODY.clone();
    }

    /** @return the length of the body of a hello response */
    public static int helloBodyLength() {
        return HELLO_BODY.length;
    }

    /**
     * The wait for one request: the {@code wait} parameter of {@code query} if present, else
     * {@code defaultMillis}.
     *
     * @param query the raw query string without {@code ?} (may be null or empty)
     * @throws IllegalArgumentException with a message fit for a 400 response if the parameter is
     *                                  present but not a whole number in [0, {@link #MAX_WAIT_MILLIS}]
     */
    public static long waitMillis(String query, long defaultMillis) {
        if (query == null || query.isEmpty()) {
            return defaultMillis;
        }
        int start = 0;
        while (start <= query.length()) {
            int end = query.indexOf('&', start);
            if (end < 0) {
                end = query.length();
            }
            if (query.startsWith(WAIT_PARAMETER + "=", start) && end > start) {
                return parseWait(query.substring(start + WAIT_PARAMETER.length() + 1, end));
            }
            if (end == query.length()) {
                break;
            }
            start = end + 1;
        }
        return defaultMillis;
    }

    private static long parseWait(String text) {
        if (text.isEmpty() || text.length() > 10) {
            throw new IllegalArgumentException("wait must be a whole number of milliseconds, was '" + text + "'");
        }
        long millis = 0;
        for (int i = 0; i < text.length(); i++) {
            char digit = text.charAt(i);
            if (digit < '0' || digit > '9') {
                throw new IllegalArgumentException("wait must be a whole number of milliseconds, was '" + text + "'");
            }
            millis = millis * 10 + (digit - '0');
        }
        if (millis > MAX_WAIT_MILLIS) {
            throw new IllegalArgumentException("wait must be at most " + MAX_WAIT_MILLIS + " ms, was " + millis);
        }
        return millis;
    }
}
