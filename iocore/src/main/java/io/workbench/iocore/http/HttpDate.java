package io.workbench.iocore.http;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code Date} field line that an origin server must send (RFC 9110 section 6.6.1), in
 * IMF-fixdate ({@code Sun, 06 Nov 1994 08:49:37 GMT}). It changes once a second, so it is
 * formatted once a second and shared by every connection: a response pays one clock read and one
 * bulk copy for it.
 */
final class HttpDate {

    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    /** The line for one second; a new one replaces it when the clock reaches the next second. */
    private record Line(long second, byte[] bytes) {
    }

    /**
     * Racing threads may each format the same second, or put back the previous second for a
     * moment at a second boundary; both cost one more formatting, never a wrong date for the
     * caller, and are cheaper than agreeing.
     */
    private static volatile Line current = new Line(Long.MIN_VALUE, new byte[0]);

    private HttpDate() {
    }

    /** @return {@code Date: <IMF-fixdate>\r\n} for the time {@code epochMillis}; callers must not modify the bytes */
    static byte[] line(long epochMillis) {
        long second = Math.floorDiv(epochMillis, 1000);
        Line line = current;
        if (line.second() == second) {
            return line.bytes();
        }
        Line next = new Line(second, ("Date: " + format(epochMillis) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        current = next;
        return next.bytes();
    }

    /** @return {@code epochMillis} as an IMF-fixdate */
    static String format(long epochMillis) {
        return IMF_FIXDATE.format(Instant.ofEpochMilli(epochMillis));
    }
}
