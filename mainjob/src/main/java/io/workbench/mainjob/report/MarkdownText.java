package io.workbench.mainjob.report;

/**
 * Text from a run (a target's id, its stderr, a failure's words) made safe to put into report.md:
 * a Markdown renderer passes HTML through, so {@code <script>} in a target's stderr would be a
 * script in every page that renders the report. Every character that means something to HTML or
 * to a Markdown table is escaped: {@code & < >} as entities, a backtick as an entity (it would
 * open a code span that swallows the escaping around it), {@code | [ ] \} with a backslash (a
 * cell's end, a link), and every line break becomes a space (a table row is one line; a line
 * starting with {@code #} would be a heading).
 */
public final class MarkdownText {

    private MarkdownText() {
    }

    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '`' -> escaped.append("&#96;");
                case '\\' -> escaped.append("\\\\");
                case '|' -> escaped.append("\\|");
                case '[' -> escaped.append("\\[");
                case ']' -> escaped.append("\\]");
                case '\r' -> {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                        i++;
                    }
                    escaped.append(' ');
                }
                case '\n', '\u2028', '\u2029', '\u0085' -> escaped.append(' ');
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
