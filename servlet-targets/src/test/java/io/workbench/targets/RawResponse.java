package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;

/**
 * A response as the bytes on the wire: the status line and each field line exactly as the server
 * wrote them (name case, spacing, order), and the body; for the tests that compare responses byte
 * for byte. Framed by {@code Content-Length}, as every target frames them.
 */
record RawResponse(String statusLine, List<String> fields, byte[] body) {

    /** What a Date value is replaced by when field lines are compared. */
    static final String DATE_VALUE = "<now>";
    private static final String DATE = "Date: ";

    static RawResponse read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b == -1) {
                throw new EOFException("connection closed in the head: '" + head.toString(StandardCharsets.US_ASCII) + "'");
            }
            head.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        List<String> lines = Arrays.asList(text.substring(0, text.length() - 4).split("\r\n", -1));
        List<String> fields = lines.subList(1, lines.size());
        long length = fields.stream().filter(line -> line.regionMatches(true, 0, "Content-Length:", 0, 15))
                .mapToLong(line -> Long.parseLong(line.substring(15).strip())).findFirst()
                .orElseThrow(() -> new IOException("no Content-Length: " + text));
        byte[] body = in.readNBytes((int) length);
        if (body.length != length) {
            throw new EOFException("body cut at " + body.length + " of " + length + " bytes");
        }
        return new RawResponse(lines.get(0), List.copyOf(fields), body);
    }

    /** The line as it is, but a Date line's value replaced by {@link #DATE_VALUE}. */
    static String withoutDateValue(String field) {
        return field.startsWith(DATE) ? DATE + DATE_VALUE : field;
    }

    /** The response has one Date field, an IMF-fixdate within a minute of this machine's clock. */
    static void assertDateIsNow(RawResponse response, String what) {
        List<String> dates = response.fields().stream().filter(field -> field.startsWith(DATE)).toList();
        assertTrue(dates.size() == 1, what + ": one Date field: " + response.fields());
        String value = dates.get(0).substring(DATE.length());
        assertTrue(value.matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"), what + ": IMF-fixdate: " + value);
        Instant date = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        assertTrue(Duration.between(date, Instant.now()).abs().compareTo(Duration.ofMinutes(1)) < 0, what + ": now: " + value);
    }
}
