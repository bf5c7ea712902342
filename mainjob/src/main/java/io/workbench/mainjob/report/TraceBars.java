package io.workbench.mainjob.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's pictures of a traced scenario, in plain HTML and CSS (no script): a stacked bar per
 * target, a segment per part at its median, all on one scale so the bars compare; and the worst
 * request of each target as a timeline, its parts end to end from its intended time.
 */
final class TraceBars {

    private TraceBars() {
    }

    /** A bar per target with a traced round: each part's median, as a share of the longest bar. */
    static String html(List<TraceParts> all) {
        double longest = all.stream().filter(parts -> parts.tracedRounds() > 0).mapToDouble(TraceParts::sumOfPartMediansMs).max().orElse(0);
        StringBuilder html = new StringBuilder("<div class=\"trace-bars\">\n");
        legend(html);
        for (TraceParts parts : all) {
            if (parts.tracedRounds() > 0) {
                bar(html, parts.target(), parts.p50Ms(), parts.sumOfPartMediansMs(), longest, "the parts' medians");
            }
        }
        return html.append("</div>\n").toString();
    }

    /** Each target's worst request, its parts end to end, on one scale. */
    static String worstHtml(List<TraceParts> all) {
        double longest = all.stream().filter(parts -> parts.worst() != null).mapToDouble(parts -> parts.worst().intendedToEndMs()).max()
                .orElse(0);
        StringBuilder html = new StringBuilder("<div class=\"trace-bars\">\n");
        legend(html);
        for (TraceParts parts : all) {
            if (parts.worst() != null) {
                bar(html, parts.target() + " (round " + parts.worst().round() + ")", parts.worst().partsMs(), parts.worst().intendedToEndMs(),
                        longest, "intended->end");
            }
        }
        return html.append("</div>\n").toString();
    }

    private static void legend(StringBuilder html) {
        html.append("<div class=\"trace-legend\">");
        int i = 0;
        for (String words : TraceParts.PARTS.values()) {
            html.append("<span class=\"part part-").append(i++).append("\">").append(HtmlReport.escape(words)).append("</span> ");
        }
        html.append("</div>\n");
    }

    private static void bar(StringBuilder html, String label, Map<String, Double> partsMs, double totalMs, double longestMs, String totalWords) {
        html.append("<div class=\"trace-row\"><span class=\"trace-label\">").append(HtmlReport.escape(label)).append("</span>");
        html.append("<span class=\"trace-bar\">");
        int i = 0;
        for (Map.Entry<String, String> part : TraceParts.PARTS.entrySet()) {
            double ms = Math.max(0, partsMs.getOrDefault(part.getKey(), 0.0));
            double width = longestMs > 0 ? 100 * ms / longestMs : 0;
            html.append("<span class=\"part part-").append(i++).append("\" style=\"width:")
                    .append(String.format(Locale.ROOT, "%.3f", width)).append("%\" title=\"")
                    .append(HtmlReport.escape(part.getValue() + ": " + Figures.ms(ms) + " ms")).append("\"></span>");
        }
        html.append("</span><span class=\"trace-total\">").append(HtmlReport.escape(Figures.ms(totalMs) + " ms " + totalWords))
                .append("</span></div>\n");
    }
}
