package io.workbench.mainjob.report;

import static io.workbench.mainjob.report.RunBuilder.Rep.invalid;
import static io.workbench.mainjob.report.RunBuilder.Rep.old;
import static io.workbench.mainjob.report.RunBuilder.Rep.peak;
import static io.workbench.mainjob.report.RunBuilder.Rep.valid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html opened in headless Chromium (Debian package {@code chromium}), offline, on a report
 * built from a fixture run of the quick profile's shape (four targets, five scenarios, valid and
 * invalid runs, ties, a summary written before verdicts named their limit, GC pauses). Checked
 * against results.json and the run's files:
 *
 * <ul>
 *   <li>every percentile chart plots, for each target with a valid run, that target's best valid
 *       repetition, and its value at the 99th percentile is that repetition's p99 in results.json;
 *       a target without a valid run has no curve;</li>
 *   <li>every timeline plots as many one-second intervals with responses as the interval logs of
 *       the target's runs listed in results.json hold;</li>
 *   <li>no JavaScript error was raised or logged (the page's own record, and Chromium's console log);</li>
 *   <li>the page is no wider than the window, and the study's wide table scrolls inside its own box.</li>
 * </ul>
 *
 * Each check is also shown to fail: on a page with a script error, on the page without its
 * scrolling box (the layout before it had one), and on a page whose embedded chart data was
 * altered. Where Chromium is not installed the test is skipped, except under {@code CI=true}, where
 * it fails: CI installs it ({@code .ci/run}).
 */
class ReportInBrowserTest {

    /** Narrower than the study's table of five scenarios, wider than every chart. */
    private static final int WINDOW_WIDTH = 1000;

    private static final Pattern CHART = Pattern.compile("<div class=\"chart (distribution|timeline)\"([^>]*)>");
    private static final Pattern ATTRIBUTE = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");
    private static final Pattern CANVAS = Pattern.compile("<canvas width=\"(\\d+)\" height=\"(\\d+)\"");
    private static final Pattern PROBE = Pattern.compile("<script type=\"application/json\" id=\"probe\">(.*?)</script>", Pattern.DOTALL);

    /** Records every error and console.error before any other script runs. */
    private static final String ERROR_RECORDER = "<script>window.__errors = [];"
            + "window.addEventListener('error', function (e) { __errors.push(String(e.message || e)); });"
            + "(function () { var ce = console.error; console.error = function () {"
            + " __errors.push(Array.prototype.join.call(arguments, ' ')); return ce.apply(console, arguments); }; })();</script>";

    /** After the page's scripts ran: the errors, the window's and the page's widths, every table box's. */
    private static final String LAYOUT_PROBE = "<script>window.addEventListener('load', function () { setTimeout(function () {"
            + " var tables = [].map.call(document.querySelectorAll('table'), function (t) { var box = t.parentElement;"
            + "  return { kind: t.className, tableWidth: t.getBoundingClientRect().width, boxClass: box.className,"
            + "   boxClientWidth: box.clientWidth, boxScrollWidth: box.scrollWidth, boxOverflowX: getComputedStyle(box).overflowX }; });"
            + " var probe = document.createElement('script'); probe.type = 'application/json'; probe.id = 'probe';"
            + " probe.textContent = JSON.stringify({ errors: window.__errors, innerWidth: window.innerWidth,"
            + "  pageWidth: document.documentElement.scrollWidth, tables: tables });"
            + " document.body.appendChild(probe); }, 0); });</script>";

    private static Path chromium;

    @BeforeAll
    static void findChromium() {
        chromium = required(chromium(System.getenv("PATH")), System.getenv("CI"));
    }

    /**
     * The browser, when there is one; without it the test fails under {@code CI=true} (CI installs
     * it: the test must run there) and is skipped elsewhere.
     */
    static Path required(Path found, String ci) {
        if (found == null && "true".equals(ci)) {
            throw new AssertionError("no chromium on the PATH under CI=true: .ci/run installs Debian's chromium; this test must run in CI");
        }
        Assumptions.assumeTrue(found != null, "no chromium on the PATH: install the Debian package chromium to run this test");
        return found;
    }

    /** The fixture: the quick profile's shape, with every kind of verdict the report must handle. */
    static RunResults fixture(Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target("jetty:sync")
                .run("concurrency-level", peak(9_993, 0, 9_998))
                .run("slow-requests", valid(1_002.2), valid(1_002.0))
                .run("high-concurrency", valid(375.7), valid(380.1).errors(12))
                .run("overhead", invalid(Limit.GENERATOR_CPU, 40.5), invalid(Limit.GENERATOR_CPU, 41.0))
                .run("stream", valid(18.4), old(false, 17.9))
                .pause(20, 310.25).pause(140, 12.5);
        run.target("jetty:virtual")
                .run("concurrency-level", peak(19_850, 0, 19_850))
                .run("slow-requests", valid(1_001.7), valid(1_002.5))
                .run("high-concurrency", valid(100.9), valid(101.2))
                .run("overhead", invalid(Limit.GENERATOR_PACING, 1.2), valid(1.4))
                .run("stream", invalid(Limit.CONNECTION_CAP, 25.0), invalid(Limit.CONNECTION_CAP, 26.0));
        run.target("iocore:async-complete")
                .run("concurrency-level", peak(19_850, 0, 19_850))
                .run("slow-requests", valid(1_000.6), valid(1_000.9))
                .run("high-concurrency", valid(100.45), valid(100.5))
                .run("overhead", valid(0.8), valid(0.9))
                .run("stream", valid(12.1), valid(12.4))
                .pause(30, 3.1);
        run.target("netty:async-complete")
                .run("concurrency-level", peak(19_850, 0, 19_850))
                .run("slow-requests", old(true, 1_001.1), old(true, 1_001.3))
                .run("high-concurrency", valid(100.6), invalid(Limit.DESCRIPTOR_LIMIT, 99.0))
                .run("overhead", old(false, 0.7), old(false, 0.7))
                .run("stream", valid(9.8), valid(10.1));
        return run.write(dir);
    }

    @Test
    void everyChartPlotsWhatResultsJsonHoldsWithoutAnErrorAndTheWideTableScrollsInItsBox(@TempDir Path temp) throws Exception {
        Path runDir = temp.resolve("run");
        RunResults results = fixture(runDir);
        Path html = ReportWriter.write(runDir, results);

        Page page = open(html, temp);

        assertEquals(List.of(), page.errors(), "no JavaScript error");
        checkCharts(page, results, runDir);
        checkLayout(page);
    }

    @Test
    void aTargetWhoseIdIsMarkupIsDrawnAsTextWithoutAnError(@TempDir Path temp) throws Exception {
        Path runDir = temp.resolve("run");
        RunResults results = HostileTextTest.hostileRun(runDir);
        Path html = ReportWriter.write(runDir, results);

        Page page = open(html, temp);

        assertEquals(List.of(), page.errors(), "no JavaScript error: the id never reaches a selector or the markup");
        checkCharts(page, results, runDir);
    }

    @Test
    void aScriptErrorIsCaught(@TempDir Path temp) throws Exception {
        Path runDir = temp.resolve("run");
        Path html = ReportWriter.write(runDir, fixture(runDir));
        Files.writeString(html, Files.readString(html).replace("</body>", "<script>document.querySelector('#none').click();</script></body>"));

        Page page = open(html, temp);

        assertFalse(page.errors().isEmpty(), "the error is seen");
        assertTrue(page.errors().stream().anyMatch(error -> error.contains("Cannot read properties of null")), page.errors().toString());
    }

    @Test
    void aPageWithoutTheScrollingBoxIsCaughtWiderThanTheWindow(@TempDir Path temp) throws Exception {
        Path runDir = temp.resolve("run");
        Path html = ReportWriter.write(runDir, fixture(runDir));
        // The layout before the box: the same tables, straight in the page.
        Files.writeString(html, Files.readString(html).replace("<div class=\"table-box\">", "<div>"));

        Page page = open(html, temp);

        AssertionError caught = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> checkLayout(page));
        assertTrue(caught.getMessage().contains("wider than the window"), caught.getMessage());
    }

    @Test
    void aChartPlottingAnotherValueThanResultsJsonIsCaught(@TempDir Path temp) throws Exception {
        Path runDir = temp.resolve("run");
        RunResults results = fixture(runDir);
        Path html = ReportWriter.write(runDir, results);
        // iocore's high-concurrency p99, as results.json holds it, replaced in the page's data by another value.
        double p99 = bestValid(results, "iocore:async-complete", "high-concurrency").summary().latency().intendedToEnd().p99Ms();
        String text = Files.readString(html);
        String embedded = ResultsJson.forScript(p99);
        assertTrue(text.contains("," + embedded + ","), "the page embeds the p99 " + embedded);
        Files.writeString(html, text.replace("," + embedded + ",", "," + ResultsJson.forScript(p99 * 2) + ","));

        Page page = open(html, temp);

        AssertionError caught = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> checkCharts(page, results, runDir));
        assertTrue(caught.getMessage().contains("p99"), caught.getMessage());
    }

    private static void checkCharts(Page page, RunResults results, Path runDir) throws IOException {
        List<Map<String, String>> distributions = page.charts().stream().filter(chart -> chart.get("kind").equals("distribution")).toList();
        List<Map<String, String>> timelines = page.charts().stream().filter(chart -> chart.get("kind").equals("timeline")).toList();
        for (Map<String, String> chart : page.charts()) {
            assertEquals("true", chart.get("data-rendered"), "chart not drawn: " + chart);
            assertTrue(Integer.parseInt(chart.get("data-points")) > 0, "chart without data: " + chart);
        }
        assertEquals(page.charts().size(), page.canvases(), "one sized canvas per chart");

        List<String> expectedScenarios = new ArrayList<>();
        for (ScenarioPreset preset : results.presets()) {
            if (!"all-at-once".equals(preset.model()) && !validTargets(results, preset.scenario()).isEmpty()) {
                expectedScenarios.add(preset.scenario());
            }
        }
        assertEquals(expectedScenarios, distributions.stream().map(chart -> chart.get("data-scenario")).toList(),
                "a percentile chart for every rate scenario with a valid run");
        for (Map<String, String> chart : distributions) {
            String scenario = chart.get("data-scenario");
            JsonNode plotted = ResultsJson.mapper().readTree(chart.get("data-plotted"));
            List<String> labels = new ArrayList<>();
            plotted.forEach(series -> labels.add(series.get("label").asText()));
            assertEquals(validTargets(results, scenario), labels, scenario + ": a curve for each target with a valid run, no other");
            for (JsonNode series : plotted) {
                LoadSummary best = bestValid(results, series.get("label").asText(), scenario).summary();
                assertEquals(best.latency().intendedToEnd().p99Ms(), series.get("p99").asDouble(),
                        scenario + " " + series.get("label").asText() + ": the plotted p99 is the best valid repetition's");
            }
        }

        // The HTML parser turns a CR LF (or a lone CR) in an attribute into LF: compare the ids as it leaves them.
        assertEquals(results.targets().stream().map(target -> asParsed(target.id())).toList(),
                timelines.stream().map(chart -> chart.get("data-target")).toList());
        for (Map<String, String> chart : timelines) {
            TargetRun target = results.targets().stream().filter(run -> asParsed(run.id()).equals(chart.get("data-target"))).findFirst().orElseThrow();
            JsonNode plotted = ResultsJson.mapper().readTree(chart.get("data-plotted"));
            assertEquals(intervalsWithResponses(runDir, target), plotted.get("intervals").asInt(),
                    target.id() + ": one point per second with responses in its runs' interval logs");
        }
    }

    private static String asParsed(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n');
    }

    private static void checkLayout(Page page) {
        JsonNode probe = page.probe();
        int window = probe.get("innerWidth").asInt();
        int width = probe.get("pageWidth").asInt();
        if (width > window) {
            throw new AssertionError("the page is " + width + " px wide, wider than the window's " + window + " px");
        }
        JsonNode study = null;
        for (JsonNode table : probe.get("tables")) {
            if (table.get("kind").asText().equals("study")) {
                study = table;
            }
        }
        assertTrue(study != null, "the study's table is on the page");
        assertTrue(study.get("tableWidth").asDouble() > window, "the fixture's study table is wider than the window: " + study);
        assertTrue(study.get("boxScrollWidth").asInt() > study.get("boxClientWidth").asInt(), "it overflows its box: " + study);
        assertTrue(List.of("auto", "scroll").contains(study.get("boxOverflowX").asText()), "and its box scrolls sideways: " + study);
    }

    /** The targets with a valid repetition in {@code scenario}, in the run's order. */
    private static List<String> validTargets(RunResults results, String scenario) {
        return results.targets().stream()
                .filter(target -> target.scenario(scenario) != null && target.scenario(scenario).measured().stream().anyMatch(Repetition::valid))
                .map(TargetRun::id).toList();
    }

    /** The valid repetition with the lowest mean, read straight from results.json's records. */
    private static Repetition bestValid(RunResults results, String target, String scenario) {
        ScenarioRun run = results.targets().stream().filter(t -> t.id().equals(target)).findFirst().orElseThrow().scenario(scenario);
        return run.measured().stream().filter(Repetition::valid)
                .min(java.util.Comparator.comparingDouble(rep -> rep.summary().latency().intendedToEnd().meanMs())).orElseThrow();
    }

    /** Intervals tagged intended-to-end with at least one response, over every run results.json lists for the target (warm-ups and search steps too). */
    private static int intervalsWithResponses(Path runDir, TargetRun target) throws IOException {
        int count = 0;
        for (ScenarioRun scenario : target.scenarios()) {
            List<Repetition> runs = new ArrayList<>(scenario.measured());
            if (scenario.warmup() != null) {
                scenario.warmup().runs().stream().filter(Repetition::measured).forEach(runs::add);
            }
            if (scenario.search() != null) {
                scenario.search().steps().stream().map(step -> step.run()).filter(run -> run != null && run.measured()).forEach(runs::add);
            }
            for (Repetition repetition : runs) {
                Path hlog = runDir.resolve(repetition.dir()).resolve(repetition.summary().files().hlog());
                HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
                for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null; ) {
                    if ("intended-to-end".equals(interval.getTag()) && ((org.HdrHistogram.Histogram) interval).getTotalCount() > 0) {
                        count++;
                    }
                }
            }
        }
        return count;
    }

    /** What the browser made of the page. */
    record Page(List<Map<String, String>> charts, int canvases, JsonNode probe, List<String> errors) {
    }

    /** Opens the page with the probes added, in a fresh profile, and reads the DOM after its scripts ran. */
    private static Page open(Path html, Path temp) throws IOException, InterruptedException {
        Path probed = html.resolveSibling("probed.html");
        Files.writeString(probed, Files.readString(html).replaceFirst("<head>", "<head>\n" + Matcher.quoteReplacement(ERROR_RECORDER))
                .replace("</body>", LAYOUT_PROBE + "\n</body>"), StandardCharsets.UTF_8);
        Path profile = Files.createTempDirectory(temp, "chromium-profile");
        Path out = temp.resolve("dom-" + profile.getFileName() + ".html");
        Path log = temp.resolve("chromium-" + profile.getFileName() + ".stderr");
        Process process = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000",
                "--window-size=" + WINDOW_WIDTH + ",900", "--dump-dom", probed.toUri().toString())
                .redirectOutput(out.toFile())
                .redirectError(log.toFile())
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish within 120 s");
        }
        assertEquals(0, process.exitValue(), () -> "chromium failed: " + read(log));
        String dom = read(out);

        List<Map<String, String>> charts = new ArrayList<>();
        Matcher chart = CHART.matcher(dom);
        while (chart.find()) {
            Map<String, String> attributes = new LinkedHashMap<>();
            attributes.put("kind", chart.group(1));
            Matcher attribute = ATTRIBUTE.matcher(chart.group(2));
            while (attribute.find()) {
                attributes.put(attribute.group(1), unescape(attribute.group(2)));
            }
            charts.add(attributes);
        }
        int canvases = 0;
        Matcher canvas = CANVAS.matcher(dom);
        while (canvas.find()) {
            assertTrue(Integer.parseInt(canvas.group(1)) > 0 && Integer.parseInt(canvas.group(2)) > 0, canvas.group());
            canvases++;
        }
        Matcher probe = PROBE.matcher(dom);
        assertTrue(probe.find(), "the layout probe ran (the page's load event fired)");
        JsonNode measured = ResultsJson.mapper().readTree(probe.group(1));
        List<String> errors = new ArrayList<>();
        measured.get("errors").forEach(error -> errors.add(error.asText()));
        // Chromium logs every console message and uncaught error as INFO:CONSOLE; the page itself logs nothing.
        read(log).lines().filter(line -> line.contains(":CONSOLE")).forEach(line -> errors.add("console: " + line));
        return new Page(charts, canvases, measured, errors);
    }

    private static String unescape(String attribute) {
        return attribute.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "(unreadable: " + unreadable + ")";
        }
    }

    static Path chromium(String path) {
        for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
            for (String dir : path == null ? new String[0] : path.split(":")) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    @Test
    void theFixtureHasWhatTheChecksNeed(@TempDir Path temp) {
        RunResults results = fixture(temp.resolve("run"));
        // A target without a valid run in a rate scenario (its curve must be absent), and one with an old-format valid run.
        assertTrue(validTargets(results, "overhead").size() < results.targets().size());
        assertNotEquals(List.of(), validTargets(results, "overhead"));
        assertTrue(validTargets(results, "slow-requests").contains("netty:async-complete"), "an old-format valid summary stays valid");
    }
}
