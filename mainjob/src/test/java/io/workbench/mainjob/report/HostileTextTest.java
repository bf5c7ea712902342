package io.workbench.mainjob.report;

import static io.workbench.mainjob.report.RunBuilder.Rep.noResult;
import static io.workbench.mainjob.report.RunBuilder.Rep.valid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.TargetRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text a run carries from outside (a target's id, its stderr's last words, a load run's failure, a
 * scenario's note) goes into both reports as text, never as markup: a script tag, a table's cell
 * separator, a line break, a backtick and an ampersand, in every place such text appears.
 */
class HostileTextTest {

    /** Everything a report must not take for markup, in one string. */
    static final String HOSTILE = "<script>alert('x')</script> a|b `code` AT&T &amp; \"quoted\" <img src=x onerror=alert(1)>\nnew line\r\n"
            + "# heading [link](javascript:alert(2))\\";
    static final String ID = "evil:" + HOSTILE;

    /** A run whose target id, failure, run failure and scenario note are all {@link #HOSTILE}, beside a plain target. */
    static RunResults hostileRun(Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target("iocore:async-complete").run("stream", valid(10).beyond(10), valid(10).beyond(10.1), valid(10).beyond(9.9));
        run.target(ID).run("stream", valid(12).beyond(12), valid(12).beyond(12.1), noResult(HOSTILE))
                .run("overhead", noResult(HOSTILE))
                .note("overhead", HOSTILE)
                .status(TargetRun.Status.FAILED, HOSTILE);
        return run.write(dir);
    }

    @Test
    void reportMdHoldsTheTextEscapedInEveryCellAndSentence(@TempDir Path dir) throws IOException {
        RunResults results = hostileRun(dir);
        ReportWriter.write(dir, results);
        String md = Files.readString(dir.resolve(MarkdownReport.FILE_NAME));

        checkMarkdown(md);
        assertTrue(md.contains("&amp;amp;"), "the hostile &amp; is shown as typed");
        assertTrue(md.contains("| evil:&lt;script&gt;alert('x')&lt;/script&gt; a\\|b &#96;code&#96; AT&amp;T &amp;amp;"), "the id, escaped, in a cell");
        assertTrue(md.contains("No figure for evil:&lt;script&gt;"), "and in a sentence");
    }

    @Test
    void theMarkdownChecksCatchTextLeftAsItIs(@TempDir Path dir) throws IOException {
        RunResults results = hostileRun(dir);
        ReportWriter.write(dir, results);
        String md = Files.readString(dir.resolve(MarkdownReport.FILE_NAME));
        String escaped = MarkdownText.escape(ID);

        // Each time one kind of character is left as it is, the rest escaped.
        String[][] broken = {{"script", escaped.replace("&lt;script&gt;", "<script>")}, {"backtick", escaped.replace("&#96;", "`")},
                {"cells", escaped.replace("\\|", "|")}, {"begins a line", escaped.replace("new line", "\nnew line")},
                {"ampersand", escaped.replace("AT&amp;T", "AT&T")}};
        for (String[] variant : broken) {
            String report = md.replace(escaped, variant[1]);
            AssertionError caught = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> checkMarkdown(report), variant[0]);
            assertTrue(caught.getMessage().contains(variant[0]), variant[0] + ": " + caught.getMessage());
        }
    }

    /** No tag, no code span, no bare ampersand, no link, no line begun by the text, and every table row with its header's cells. */
    static void checkMarkdown(String md) {
        assertFalse(md.toLowerCase(Locale.ROOT).contains("<script"), "a script tag");
        assertFalse(md.contains("<img"), "another tag");
        assertFalse(md.contains("`"), "a backtick: a code span would swallow the escaping around it");
        assertFalse(Pattern.compile("&(?!amp;|lt;|gt;|#96;)").matcher(md).find(), "an ampersand that is not an entity's");
        assertFalse(md.lines().anyMatch(line -> line.startsWith("new line") || line.startsWith("# heading")),
                "a line break in the text begins a line of the report");
        assertFalse(Pattern.compile("(?<!\\\\)\\]\\(").matcher(md).find(), "a link: a ] not escaped");
        int tables = 0;
        List<String> table = new ArrayList<>();
        for (String line : (md + "\n").lines().toList()) {
            if (line.startsWith("|")) {
                table.add(line);
                continue;
            }
            if (!table.isEmpty()) {
                tables++;
                int columns = separators(table.get(0));
                for (String row : table) {
                    assertEquals(columns, separators(row), "cells: a row without its header's cells: " + row);
                }
                table.clear();
            }
        }
        assertTrue(tables >= 6, "the tables were checked: " + tables);
    }

    /** Cell separators of a Markdown table row: pipes not escaped by a backslash. */
    private static int separators(String row) {
        int count = 0;
        for (int i = 0; i < row.length(); i++) {
            char c = row.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '|') {
                count++;
            }
        }
        return count;
    }

    @Test
    void reportHtmlHoldsTheTextEscapedAndItsDataIntact(@TempDir Path dir) throws IOException {
        RunResults results = hostileRun(dir);
        String html = Files.readString(ReportWriter.write(dir, results));

        checkHtml(html);
        String page = html.replaceAll("(?s)<script.*?</script>", "");
        assertTrue(page.contains("data-target=\"evil:&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), "an attribute holds it escaped, quotes too");
        assertTrue(page.contains("&amp;amp;"), "the ampersand as typed");
    }

    @Test
    void theHtmlChecksCatchTextLeftAsItIs(@TempDir Path dir) throws IOException {
        RunResults results = hostileRun(dir);
        String html = Files.readString(ReportWriter.write(dir, results));
        String escaped = HtmlReport.escape(ID);

        AssertionError tag = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> checkHtml(html.replace(escaped, ID)));
        assertTrue(tag.getMessage().contains("scripts"), tag.getMessage());
        String data = ResultsJson.forScript(ID);
        String unsafe = data.replace("\\u003c", "<").replace("\\u003e", ">").replace("\\u0026", "&");
        AssertionError script = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> checkHtml(html.replace(data, unsafe)));
        assertTrue(script.getMessage().contains("scripts") || script.getMessage().contains("data"), script.getMessage());
    }

    /** Only the page's own three scripts; its embedded data parses and holds the id as it is; no tag from the text. */
    static void checkHtml(String html) throws IOException {
        assertEquals(3, count(html.toLowerCase(Locale.ROOT), "<script"), "scripts: only the page's own three");
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertTrue(data.find(), "data: the embedded chart data");
        JsonNode charts = ResultsJson.mapper().readTree(data.group(1));
        List<String> timelines = new ArrayList<>();
        charts.get("timelines").forEach(timeline -> timelines.add(timeline.get("target").asText()));
        assertTrue(timelines.contains(ID), "data: the embedded data holds the id as it is: " + timelines);
        String page = html.replaceAll("(?s)<script.*?</script>", "");
        assertFalse(page.contains("<img"), "a tag from the text");
        assertFalse(page.contains("alert('x')</"), "the text's tags are not escaped");
    }

    private static int count(String text, String what) {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            count++;
        }
        return count;
    }
}
