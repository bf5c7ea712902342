package io.workbench.mainjob.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.loadgen.summary.RunVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.md, report.html and the study's table, generated from the fixed run. */
class ReportOnFixedRunTest {

    private static final Path FIXTURE = RunFixture.source();

    private static LoadSummary summary(String rep) throws IOException {
        return ResultsJson.readSummary(FIXTURE.resolve(rep).resolve("summary.json"));
    }

    @Test
    void theStudysTableHasARowPerTargetAndTheBestRepetitionsFigures() throws IOException {
        RunResults results = ResultsJson.readRun(FIXTURE);
        StudyTable table = StudyTable.of(results);

        assertEquals(List.of("Target", "concurrency-level: max in flight", "concurrency-level: errors",
                "high-concurrency: mean ms", "high-concurrency: max ms", "high-concurrency: errors",
                "overhead: mean ms", "overhead: max ms", "overhead: errors"), table.header());
        assertEquals(3, table.rows().size());

        // The best of iocore's two high-concurrency repetitions is the one with the lower mean.
        LoadSummary first = summary("iocore_async-complete/high-concurrency/rep-1");
        LoadSummary second = summary("iocore_async-complete/high-concurrency/rep-2");
        LoadSummary best = first.latency().intendedToEnd().meanMs() <= second.latency().intendedToEnd().meanMs() ? first : second;
        List<String> iocore = table.rows().get(0);
        assertEquals(RunFixture.IOCORE, iocore.get(0));
        assertEquals("500", iocore.get(1), "the polled peak in flight");
        assertEquals(Figures.ms(best.latency().intendedToEnd().meanMs()), iocore.get(3));
        assertEquals(Figures.ms(best.latency().intendedToEnd().maxMs()), iocore.get(4));

        List<String> jetty = table.rows().get(1);
        assertEquals("200", jetty.get(1));
        assertEquals("3", jetty.get(2), "the concurrency-level errors");
        assertEquals("7", jetty.get(5), "high-concurrency errors of the best repetition");
        // Its first overhead repetition is invalid, written before verdicts named their limit; the second left no
        // summary: no figure, and the cell says why.
        assertEquals(StudyTable.NO_VALID_RUN + "not-judged", jetty.get(6));
        assertEquals(StudyTable.NONE, jetty.get(7));

        List<String> refused = table.rows().get(2);
        assertEquals(RunFixture.REFUSED + " (refused)", refused.get(0));
        assertTrue(refused.subList(1, refused.size()).stream().allMatch(StudyTable.NONE::equals), refused.toString());
    }

    @Test
    void theMarkdownReportExplainsEveryScenarioRunAndTarget() throws IOException {
        RunResults results = ResultsJson.readRun(FIXTURE);
        String md = MarkdownReport.render(FIXTURE, results, RunFindings.of(FIXTURE, results));

        assertTrue(md.contains("## The study's table"));
        for (String target : List.of(RunFixture.IOCORE, RunFixture.JETTY_SYNC, RunFixture.REFUSED)) {
            assertTrue(md.contains("| " + target), target + " has a row");
        }
        for (String scenario : List.of("concurrency-level", "high-concurrency", "overhead")) {
            assertTrue(md.contains("### " + scenario), scenario + " has a section");
        }
        assertTrue(md.contains("exponential arrivals at 1,000 req/s, 3,000 requests, wait 100 ms"), "the preset is spelled out");
        // The fixture's runs were measured before warm-ups were checked; only its high-concurrency runs are marked warm.
        assertTrue(md.contains("- **concurrency-level**: No target has a figure. No figure for " + RunFixture.IOCORE
                + " (round 1: taken before the target was warm)"), "a run that is not warm feeds nothing, and says so");
        // Jetty's overhead: rate 5,000 asked, 4,500 achieved: invalid, in a summary written before verdicts named their limit.
        assertTrue(md.contains("| NOT JUDGED, not warm | not-judged |"), "an invalid run without a named limit is not judged");
        assertTrue(md.contains(RunVerdict.UNNAMED_LIMIT + "; achieved 4500.0 req/s, below 99% of the target"),
                "with why, and the generator's own reason");
        assertTrue(md.contains("- **overhead**: No target has a figure. No figure for " + RunFixture.IOCORE
                + " (round 1: not valid: not-judged; round 2: not valid: not-judged)"), "no finding from invalid runs");
        // Its interval logs predate tried-to-end; at a 100 ms wait they record to 64 us, which the 0.1 ms apart cannot beat.
        assertTrue(md.contains("- **high-concurrency**: Not ranked (median time beyond the wait, lower is better): "
                + RunFixture.IOCORE + " 0.381 ms (95% CI "), md);
        assertTrue(md.contains("Cannot tell " + RunFixture.IOCORE + " from " + RunFixture.JETTY_SYNC + " (95% CI "), md);
        assertTrue(md.contains("Read from older files (every target): its interval logs have no tried-to-end"), "the fallback is said");
        assertTrue(md.contains("record these latencies only to 0.064 ms around 100 ms"), "and the log's resolution");
        assertTrue(md.contains("Rests on rounds 1, 2 of every target (12,004 requests in all), every run valid and warm."));
        assertTrue(md.contains("| " + RunFixture.IOCORE + " | " + RunFixture.JETTY_SYNC + " | 0.381 ms | 0.492 ms | +29.2% |"),
                "the pair's row");
        assertTrue(md.contains("no result"), "the repetition that left no summary is listed");
        assertTrue(md.contains("target unreachable"), "with why");
        assertTrue(md.contains("netty has no strategy 'async-dispatch'"), "the refusal's reason is shown");
        assertTrue(md.contains("taskset -c 0"), "the pinning is recorded");
        assertTrue(md.contains("-XX:+UseParallelGC"), "the target flags are recorded");
        assertTrue(md.contains("reset 7"), "errors come with their kind");
        assertTrue(md.contains("310.25"), "the longest GC pause of jetty's session");
        // Jetty's fixture log has pauses of 12.5, 310.25 and 45 ms; only the first began during its first high-concurrency run.
        LoadSummary highConcurrency = summary("jetty-handler_sync/high-concurrency/rep-1");
        assertEquals("1 (12.50)", RunFacts.pausesDuring(results.targets().get(1), highConcurrency));
        assertEquals("0", RunFacts.pausesDuring(results.targets().get(0), highConcurrency), "iocore ran at another time");
        assertTrue(md.contains("| 1 (12.50) |"), "the pause is in the scenario's table");
        // Both overhead repetitions of iocore and jetty's one achieved 4,500 of 5,000 req/s.
        String headline = md.lines().skip(2).findFirst().orElse("");
        assertTrue(headline.contains("4 of 9 measured runs valid and warm (only they feed findings; 6 valid, 4 warm)"), headline);
        assertTrue(headline.contains("Scenarios ranked whole: 0 of 3; pairs: 0 lead, 0 equivalent, 1 cannot tell."), headline);
        assertTrue(md.contains("The commonest limit of a run that is not valid: not-judged"), md.lines().skip(2).findFirst().orElse(""));
        assertTrue(md.contains("*The 2016 study: best mean 107.7 ms"), "the study's own figures beside today's");
    }

    @Test
    void theHtmlPageIsSelfContainedNamesEveryTargetAndCarriesTheChartsData(@TempDir Path temp) throws IOException {
        Path run = RunFixture.copyTo(temp);
        RunResults results = ResultsJson.readRun(run);

        Path htmlFile = ReportWriter.write(run, results);
        String html = Files.readString(htmlFile);

        assertTrue(Files.exists(run.resolve(MarkdownReport.FILE_NAME)));
        for (String target : List.of(RunFixture.IOCORE, RunFixture.JETTY_SYNC, RunFixture.REFUSED)) {
            assertTrue(html.contains(target), target + " is named");
        }
        assertFalse(Pattern.compile("<script[^>]+src=", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no external script");
        assertFalse(Pattern.compile("<link[^>]+href=", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no external style");
        assertTrue(html.contains("uPlot"), "uPlot is inlined");
        assertTrue(html.contains(".uplot"), "its style too");

        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertTrue(data.find());
        JsonNode charts = ResultsJson.mapper().readTree(data.group(1));
        JsonNode distributions = charts.get("distributions");
        assertEquals(1, distributions.size(), "one per rate scenario with a valid run (overhead has none); concurrency-level is a count");
        for (JsonNode distribution : distributions) {
            assertEquals(2, distribution.get("series").size(), "both targets that ran it validly");
            JsonNode y = distribution.get("series").get(0).get("y");
            assertEquals(distribution.get("x").size(), y.size());
            assertTrue(y.get(0).asDouble() > 0, "the 0th percentile has a latency");
            assertTrue(y.get(0).asDouble() <= y.get(24).asDouble(), "the 90th percentile is not below the 0th");
        }
        JsonNode timelines = charts.get("timelines");
        assertEquals(2, timelines.size());
        JsonNode jetty = timelines.get(1);
        assertEquals(RunFixture.JETTY_SYNC, jetty.get("target").asText());
        int pauses = 0;
        for (JsonNode pause : jetty.get("pause")) {
            pauses += pause.isNull() ? 0 : 1;
        }
        assertEquals(3, pauses, "every GC pause of its log is on the timeline");
        double previous = 0;
        for (JsonNode t : jetty.get("t")) {
            assertTrue(t.asDouble() > previous, "time rises");
            previous = t.asDouble();
        }
        // 1 concurrency-level run, 2 warm-ups, 3 measured repetitions with a summary.
        assertEquals(6, jetty.get("runs").size());
        assertEquals(1, countMatches(html, "class=\"chart distribution\""));
        assertEquals(2, countMatches(html, "class=\"chart timeline\""));
    }

    @Test
    void aRunComparedWithItselfDiffersByNothingAndSaysTheLogCannotResolveMore() throws IOException {
        RunResults a = ResultsJson.readRun(FIXTURE);

        String same = RunComparison.render(FIXTURE, a, FIXTURE, a);

        String row = same.lines().filter(line -> line.startsWith("| " + RunFixture.IOCORE + " | high-concurrency |")).findFirst().orElseThrow();
        assertTrue(row.contains("| median time beyond the wait | 0.381 ms | 0.381 ms | 0.0% |"), row);
        assertTrue(row.contains("A rounds 1, 2, B rounds 1, 2"), row);
        assertFalse(same.contains("Not like for like"));
        assertFalse(same.contains("flags differ"));
        String overhead = same.lines().filter(line -> line.startsWith("| " + RunFixture.IOCORE + " | overhead |")).findFirst().orElseThrow();
        assertTrue(overhead.contains("cannot tell: A has no valid warm run (round 1: not valid: not-judged"), overhead);
    }

    private static int countMatches(String text, String what) {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            count++;
        }
        return count;
    }
}
