package io.workbench.mainjob.report;

import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.findings.ScenarioFindings;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * {@code report.html}: one self-contained page that works offline. The tables are rendered here
 * (the same cells as report.md); the charts are drawn in the browser by uPlot, whose script and
 * style are read from its webjar on the class path and inlined, with the numbers embedded as JSON.
 * Nothing is fetched when the page is opened.
 */
public final class HtmlReport {

    public static final String FILE_NAME = "report.html";

    private static final String UPLOT_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";
    private static final String UPLOT_DIST = "META-INF/resources/webjars/uplot/%s/dist/";
    private static final String OWN = "io/workbench/mainjob/report/";

    private HtmlReport() {
    }

    public static String render(Path runDir, RunResults results, RunFindings findings) throws IOException {
        ChartData charts = ChartData.read(runDir, results);
        StringBuilder html = new StringBuilder(256 * 1024);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>Workbench run ").append(escape(RunFacts.when(results.startedEpochMillis()))).append("</title>\n")
                .append("<style>\n").append(uplot("uPlot.min.css")).append('\n').append(resource("report.css")).append("</style>\n")
                .append("</head>\n<body>\n");
        html.append("<h1>The 2016 study's scenarios, redone on today's servers</h1>\n");
        html.append("<p class=\"headline\">").append(inline(RunFacts.headline(results, findings))).append("</p>\n");
        html.append("<p>Targets: ");
        html.append(String.join(", ", results.targets().stream().map(target -> "<code>" + escape(target.id()) + "</code>").toList()));
        html.append(".</p>\n");

        html.append("<h2>In short</h2>\n<p>").append(escape(FindingText.rules(findings))).append("</p>\n<ul class=\"short\">\n");
        for (ScenarioFindings scenario : findings.scenarios()) {
            if (scenario.evidence().isEmpty()) {
                continue;
            }
            html.append("<li><strong>").append(escape(scenario.scenario())).append("</strong>: ")
                    .append(escape(FindingText.finding(results, scenario)));
            String sustained = FindingText.sustained(results, scenario);
            if (!sustained.isEmpty()) {
                html.append(' ').append(escape(sustained));
            }
            StudyReference.sentence(scenario.scenario()).ifPresent(sentence -> html.append(" <em class=\"study\">").append(escape(sentence)).append("</em>"));
            html.append("</li>\n");
        }
        html.append("</ul>\n");

        html.append("<h2>The study's table</h2>\n<p>").append(escape(MarkdownReport.TABLE_TEXT)).append("</p>\n");
        StudyTable table = StudyTable.of(results);
        table(html, table.header(), table.rows(), "study");
        if (results.concurrencyCap().capped() && results.presets().stream().anyMatch(preset -> "all-at-once".equals(preset.model()))) {
            html.append("<p class=\"note\">Concurrency-level: ").append(escape(results.concurrencyCap().explanation())).append("</p>\n");
        }

        html.append("<h2>Scenario by scenario</h2>\n<p>Each chart shows the latency (intended start to end) of every target's best ")
                .append("valid repetition at each percentile (a target without a valid run has no curve); its points at the ")
                .append("90th, 99th, 99.9th and 99.99th percentiles are the run's summary figures, the points between ")
                .append("them its percentile distribution's. The x axis is <code>1/(1-percentile)</code> on a log scale, as ")
                .append("HdrHistogram's plotter draws it: 10 is the 90th percentile, 100 the 99th, 1000 the 99.9th. A curve ")
                .append("that stays flat and then jumps shows a cluster of slow requests; compare its height with the GC ")
                .append("pauses over time below.</p>\n");
        for (ScenarioPreset preset : results.presets()) {
            boolean concurrency = "all-at-once".equals(preset.model());
            ScenarioFindings scenario = findings.scenario(preset.scenario());
            html.append("<section class=\"scenario\" id=\"scenario-").append(escape(preset.scenario())).append("\">\n");
            html.append("<h3>").append(escape(preset.scenario())).append("</h3>\n<p>").append(escape(PresetText.describe(preset))).append(".</p>\n");
            StudyReference.sentence(preset.scenario()).ifPresent(sentence -> html.append("<p class=\"study\">").append(escape(sentence)).append("</p>\n"));
            if (scenario != null && !scenario.evidence().isEmpty()) {
                html.append("<p class=\"finding\">").append(escape(FindingText.finding(results, scenario))).append("</p>\n");
                String sustained = FindingText.sustained(results, scenario);
                if (!sustained.isEmpty()) {
                    html.append("<p class=\"finding\">").append(escape(sustained)).append("</p>\n");
                }
                List<List<String>> pairs = FindingText.pairRows(scenario);
                if (!pairs.isEmpty()) {
                    html.append("<p>Every pair (B against A: B's figure relative to A's):</p>\n");
                    table(html, FindingText.pairHeader(scenario.figure()), pairs, "pairs");
                }
                CostTable cost = CostTable.of(runDir, results, scenario);
                if (!cost.rows().isEmpty() && !cost.empty()) {
                    html.append("<p>The cost behind the figures. ").append(escape(MarkdownReport.COST_TEXT)).append("</p>\n");
                    table(html, cost.header(), cost.rows(), "cost");
                }
            }
            List<TraceParts> traced = TraceParts.of(results, preset.scenario());
            if (!traced.isEmpty()) {
                html.append("<p>Where the time went. ").append(escape(MarkdownReport.TRACE_TEXT)).append("</p>\n");
                html.append(TraceBars.html(traced));
                table(html, TraceParts.header(), TraceParts.rows(traced), "trace");
                html.append("<p>The worst request of each target's traced rounds, part by part, in the order of its way:</p>\n");
                html.append(TraceBars.worstHtml(traced));
                table(html, TraceParts.worstHeader(), TraceParts.worstRows(traced), "trace-worst");
            }
            for (int i = 0; i < charts.distributions().size(); i++) {
                if (!concurrency && charts.distributions().get(i).scenario().equals(preset.scenario())) {
                    html.append("<div class=\"chart distribution\" data-chart=\"distribution-").append(i).append("\" data-scenario=\"")
                            .append(escape(preset.scenario())).append("\"></div>\n");
                }
            }
            html.append("<p>Per target, the study's way (best, median and spread of the valid repetitions):</p>\n");
            table(html, RunFacts.scenarioHeader(concurrency), RunFacts.scenarioRows(results, preset.scenario(), concurrency), "detail");
            html.append("</section>\n");
        }

        html.append("<h2>Over time, target by target</h2>\n<p>Each target's whole session on the wall clock: the 99th percentile ")
                .append("and the maximum latency of every one-second interval (left axis, ms), the responses completed per ")
                .append("second (right axis) and the target's GC pauses (red points: the pause's length in ms, at the moment it ")
                .append("began). The grey labels name the load run under way. A latency spike with a pause under it was the ")
                .append("collector; one without, something else.</p>\n");
        for (int i = 0; i < charts.timelines().size(); i++) {
            ChartData.Timeline timeline = charts.timelines().get(i);
            html.append("<h3>").append(escape(timeline.target())).append("</h3>\n");
            html.append("<div class=\"chart timeline\" data-chart=\"timeline-").append(i).append("\" data-target=\"")
                    .append(escape(timeline.target())).append("\"></div>\n");
        }

        html.append("<h2>Every run: validity and warmth</h2>\n<p>").append(escape(MarkdownReport.VALIDITY_TEXT)).append("</p>\n");
        table(html, RunFacts.validityHeader(), RunFacts.validityRows(results), "validity");
        html.append("<h2>Targets</h2>\n");
        table(html, RunFacts.targetHeader(), RunFacts.targetRows(results), "targets");
        html.append("<h2>Environment</h2>\n");
        table(html, List.of("", ""), RunFacts.environmentRows(results), "environment");

        html.append("<script>\n").append(uplot("uPlot.iife.min.js")).append("\n</script>\n");
        html.append("<script type=\"application/json\" id=\"report-data\">").append(ResultsJson.forScript(charts)).append("</script>\n");
        html.append("<script>\n").append(resource("report.js")).append("\n</script>\n");
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    /** A table inside a box of its own that scrolls sideways when the table is wider than the page. */
    private static void table(StringBuilder html, List<String> header, List<List<String>> rows, String kind) {
        html.append("<div class=\"table-box\">\n<table class=\"").append(kind).append("\">\n<thead><tr>");
        for (String cell : header) {
            html.append("<th>").append(escape(cell)).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            html.append("<tr>");
            for (String cell : row) {
                String css = cell.startsWith("INVALID") || cell.startsWith("NOT JUDGED") || cell.startsWith("failed")
                        || cell.startsWith("refused") || cell.startsWith(StudyTable.NO_VALID_RUN) || cell.startsWith("no valid run")
                        ? " class=\"bad\"" : "";
                html.append("<td").append(css).append('>').append(escape(cell)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n</div>\n");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    /** Escapes, then turns the Markdown bold the shared sentences use into {@code <strong>}. */
    private static String inline(String markdown) {
        return escape(markdown).replaceAll("\\*\\*(.+?)\\*\\*", "<strong>$1</strong>");
    }

    private static String uplot(String file) throws IOException {
        Properties pom = new Properties();
        try (InputStream in = stream(UPLOT_POM)) {
            pom.load(in);
        }
        return read(String.format(UPLOT_DIST, pom.getProperty("version")) + file);
    }

    private static String resource(String file) throws IOException {
        return read(OWN + file);
    }

    private static String read(String name) throws IOException {
        try (InputStream in = stream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static InputStream stream(String name) throws IOException {
        InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is not on the class path (the uPlot webjar, org.webjars.npm:uplot, "
                    + "and the loadgen jar's resources must be)");
        }
        return in;
    }
}
