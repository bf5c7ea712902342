package io.workbench.fuzz;

import io.workbench.iocore.http.HttpLimits;
import java.util.List;

/** What an accepted header section must be (RFC 9110 section 5, RFC 9112 section 5), whatever the input. */
final class FieldChecks {

    private FieldChecks() {
    }

    static void check(List<ParsedMessage.Field> fields, HttpLimits limits, String where) {
        long bytes = 0;
        for (ParsedMessage.Field field : fields) {
            String name = field.name();
            String value = field.value();
            Check.that(!name.isEmpty() && name.chars().allMatch(FieldChecks::isTchar), () -> where + ": field name '" + Printable.of(name) + "'");
            Check.that(value.chars().allMatch(c -> c == ' ' || c == '\t' || c > 0x20 && c != 0x7F && c <= 0xFF),
                    () -> where + ": a field value with a control char: '" + Printable.of(value) + "'");
            Check.that(value.isEmpty() || !isWhitespace(value.charAt(0)) && !isWhitespace(value.charAt(value.length() - 1)),
                    () -> where + ": a field value with whitespace around it: '" + Printable.of(value) + "'");
            bytes += name.length() + 1 + value.length() + 2;
        }
        long total = bytes;
        Check.that(total <= limits.maxHeaderBytes(), () -> where + ": " + total + " bytes of fields, over the limit of " + limits.maxHeaderBytes());
    }

    static boolean has(List<ParsedMessage.Field> fields, String lowerCaseName) {
        return fields.stream().anyMatch(f -> f.name().equalsIgnoreCase(lowerCaseName));
    }

    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t';
    }

    static boolean isTchar(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }
}
