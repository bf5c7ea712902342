package io.workbench.fuzz;

/** Bytes (as ISO-8859-1 chars) written so that a report line shows every control byte. */
public final class Printable {

    private Printable() {
    }

    public static String of(String text) {
        return of(text, Integer.MAX_VALUE);
    }

    /** @return {@code text} with CR, LF, TAB and other non-printable chars escaped, cut after {@code max} chars */
    public static String of(String text, int max) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder();
        int n = Math.min(text.length(), max);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20 || c >= 0x7F) {
                        out.append(String.format("\\x%02X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        if (text.length() > max) {
            out.append("...");
        }
        return out.toString();
    }
}
