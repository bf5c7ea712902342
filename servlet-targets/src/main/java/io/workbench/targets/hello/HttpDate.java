package io.workbench.targets.hello;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The value of the {@code Date} field that every target sends (RFC 9110 section 6.6.1: an origin
 * server with a clock must), for the servers that do not date their responses themselves or date
 * them elsewhere in the head than the others (Netty sends none; Tomcat's would come after
 * {@code Content-Length}). Formatted once a second and shared: IMF-fixdate, e.g.
 * {@code Sun, 06 Nov 1994 08:49:37 GMT}.
 */
public final class HttpDate {

    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    /** The value for one second; replaced by the first caller of the next second. */
    private record Second(long epochSecond, String value) {
    }

    private static volatile Second current = new Second(Long.MIN_VALUE, "");

    private HttpDate() {
    }

    /** The {@code Date} value for now. */
    public static String now() {
        long epochSecond = System.currentTimeMillis() / 1000;
        Second second = current;
        if (second.epochSecond() != epochSecond) {
            second = new Second(epochSecond, IMF_FIXDATE.format(Instant.ofEpochSecond(epochSecond)));
            current = second;
        }
        return second.value();
    }
}
