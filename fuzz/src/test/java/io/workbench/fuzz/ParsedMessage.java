package io.workbench.fuzz;

import java.util.List;
import java.util.Locale;

/**
 * A message as one parser understood it, reduced to what parsers are compared on.
 *
 * @param method  the request method (null for a response)
 * @param target  the request-target as received (null for a response)
 * @param status  the response status (0 for a request)
 * @param version the HTTP version, as {@code HTTP/1.1}
 * @param fields   the header fields in order, as the parser handed them out
 * @param body     the content with any chunked framing removed, one char per byte (ISO-8859-1)
 * @param end      the offset in the stream just after the message's last byte, or -1 if the parser does not say
 * @param trailers the trailer fields of a chunked body in order, as the parser handed them out (empty without)
 */
public record ParsedMessage(String method, String target, int status, String version, List<Field> fields, String body, long end,
                            List<Field> trailers) {

    /** A field line: its name (case as received or as the parser canonicalised it) and its value. */
    public record Field(String name, String value) {

        /** Field names are case-insensitive (RFC 9110 section 5.1): compared lower-cased. */
        public Field normalized() {
            return new Field(name.toLowerCase(Locale.ROOT), value);
        }

        @Override
        public String toString() {
            return name + ": " + Printable.of(value);
        }
    }

    public List<Field> normalizedFields() {
        return fields.stream().map(Field::normalized).toList();
    }

    public List<Field> normalizedTrailers() {
        return trailers.stream().map(Field::normalized).toList();
    }

    /** @return the values of every field named {@code name} (case-insensitively), in order */
    public List<String> values(String name) {
        return fields.stream().filter(f -> f.name().equalsIgnoreCase(name)).map(Field::value).toList();
    }

    /** @return the start line, for reports */
    public String startLine() {
        return method != null ? method + " " + Printable.of(target) + " " + version : version + " " + status;
    }

    @Override
    public String toString() {
        return startLine() + " " + fields + " body=" + body.length() + " bytes '" + Printable.of(body, 64) + "'"
                + (trailers.isEmpty() ? "" : " trailers=" + trailers) + (end >= 0 ? " end=" + end : "");
    }
}
