package io.workbench.mainjob.report;

import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.findings.ScenarioFindings;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code report.md}: the run in text, readable in a terminal or on a code host. The findings in
 * short first, then the study's table, each scenario in detail (its finding, every pair, the cost
 * behind the figures), every run's validity, the targets and the environment. Everything that
 * comes from the run (ids, stderr, failures) is escaped ({@link MarkdownText}).
 */
public final class MarkdownReport {

    public static final String FILE_NAME = "report.md";

    /** What the study's table shows (both reports). */
    static final String TABLE_TEXT = "Each figure is the best valid repetition's, as the 2016 study gave it (best: the lowest "
            + "mean; for concurrency-level the most requests in flight at once), beside the findings above, which compare "
            + "other figures. Latency here is intended start to end, in ms: what a user saw, including any time a request "
            + "waited to be sent. Errors are failed and timed-out requests together. A cell \"no valid run\" names what "
            + "limited that target's runs.";

    /** What the validity table shows (both reports). */
    static final String VALIDITY_TEXT = "A run is valid when its own verdict says so: the generator kept its schedule (its "
            + "lateness, intended to the moment it tried to send, stayed under the run's limit) and nothing on "
            + "the generator's side limited it. \"Limited by\" names what did: generator-cpu (its loop threads had no idle "
            + "time or CPU left), generator-pacing (late while it had idle time), descriptor-limit (the kernel would not "
            + "give a socket), interrupted, no-response, or not-judged (the data "
            + "cannot be judged; the reasons say what it lacks, e.g. a summary written before verdicts named their limit). "
            + "What the target does (slow or failed responses, falling behind) never makes a run invalid. \"Not warm\": "
            + "taken before the target's warm-up for the scenario was steady (its CPU per request over consecutive windows). "
            + "Only runs valid and warm feed the findings.";

    /** What the cost table shows (both reports). */
    static final String COST_TEXT = "What each target's process spent over the measured phases of the runs that feed its "
            + "findings, per request it completed (each run weighing by its requests), with the ratio to the first-ranked "
            + "target's in brackets: CPU of every thread (user and kernel), context switches (voluntary: it waited; "
            + "involuntary: the scheduler took the core), the most threads and the largest resident set, bytes allocated "
            + "on the heap, and the GC pauses that began in those phases.";

    private MarkdownReport() {
    }

    static final String TRACE_TEXT = "Each request's intended->end split into the seven parts of its way, from stamps the generator "
            + "and the target took on one clock (run with --trace): lateness and connection wait are the generator's side, the "
            + "trip to the server ends at the target's first read, the server queue at the handler, the handler at the answer, "
            + "the response made at the call that writes its last bytes, and the write and trip back at the generator's read. "
            + "Each figure is the median over the target's valid traced rounds of that round's p50 (p99); the parts' medians "
            + "added up are not the median of their sum, so both are given, with how far apart.";

    public static String render(Path runDir, RunResults results, RunFindings findings) {
        StringBuilder md = new StringBuilder();
        md.append("# The 2016 study's scenarios, redone on today's servers\n\n");
        md.append(MarkdownText.escape(RunFacts.headline(results, findings))).append("\n\n");

        md.append("## In short\n\n");
        md.append(MarkdownText.escape(FindingText.rules(findings))).append("\n\n");
        for (ScenarioFindings scenario : findings.scenarios()) {
            if (scenario.evidence().isEmpty()) {
                continue;
            }
            md.append("- **").append(MarkdownText.escape(scenario.scenario())).append("**: ")
                    .append(MarkdownText.escape(FindingText.finding(results, scenario)));
            String sustained = FindingText.sustained(results, scenario);
            if (!sustained.isEmpty()) {
                md.append(' ').append(MarkdownText.escape(sustained));
            }
            StudyReference.sentence(scenario.scenario()).ifPresent(sentence -> md.append(" *").append(MarkdownText.escape(sentence)).append('*'));
            md.append('\n');
        }
        md.append('\n');

        md.append("## The study's table\n\n");
        md.append(MarkdownText.escape(TABLE_TEXT)).append("\n\n");
        StudyTable table = StudyTable.of(results);
        table(md, table.header(), table.rows(), true);
        md.append('\n');
        if (results.concurrencyCap().capped() && results.presets().stream().anyMatch(preset -> "all-at-once".equals(preset.model()))) {
            md.append("Concurrency-level: ").append(MarkdownText.escape(results.concurrencyCap().explanation())).append("\n\n");
        }

        md.append("## Scenario by scenario\n\n");
        for (ScenarioPreset preset : results.presets()) {
            ScenarioFindings scenario = findings.scenario(preset.scenario());
            boolean concurrency = "all-at-once".equals(preset.model());
            md.append("### ").append(MarkdownText.escape(preset.scenario())).append("\n\n");
            md.append(MarkdownText.escape(PresetText.describe(preset))).append(".\n\n");
            StudyReference.sentence(preset.scenario()).ifPresent(sentence -> md.append("*").append(MarkdownText.escape(sentence)).append("*\n\n"));
            if (scenario != null && !scenario.evidence().isEmpty()) {
                md.append(MarkdownText.escape(FindingText.finding(results, scenario))).append("\n\n");
                String sustained = FindingText.sustained(results, scenario);
                if (!sustained.isEmpty()) {
                    md.append(MarkdownText.escape(sustained)).append("\n\n");
                }
                List<List<String>> pairs = FindingText.pairRows(scenario);
                if (!pairs.isEmpty()) {
                    md.append("Every pair (B against A: B's figure relative to A's):\n\n");
                    table(md, FindingText.pairHeader(scenario.figure()), pairs, false);
                    md.append('\n');
                }
                CostTable cost = CostTable.of(runDir, results, scenario);
                if (!cost.rows().isEmpty() && !cost.empty()) {
                    md.append("The cost behind the figures. ").append(MarkdownText.escape(COST_TEXT)).append("\n\n");
                    table(md, cost.header(), cost.rows(), true);
                    md.append('\n');
                }
            }
            List<TraceParts> traced = TraceParts.of(results, preset.scenario());
            if (!traced.isEmpty()) {
                md.append("Where the time went. ").append(MarkdownText.escape(TRACE_TEXT)).append("\n\n");
                table(md, TraceParts.header(), TraceParts.rows(traced), true);
                md.append("\nThe worst request of each target's traced rounds, part by part, in the order of its way:\n\n");
                table(md, TraceParts.worstHeader(), TraceParts.worstRows(traced), true);
                md.append('\n');
            }
            md.append("Per target, the study's way (best, median and spread of the valid repetitions):\n\n");
            table(md, RunFacts.scenarioHeader(concurrency), RunFacts.scenarioRows(results, preset.scenario(), concurrency), true);
            md.append('\n');
        }

        md.append("## Every run: validity and warmth\n\n");
        md.append(MarkdownText.escape(VALIDITY_TEXT)).append("\n\n");
        table(md, RunFacts.validityHeader(), RunFacts.validityRows(results), false);
        md.append('\n');

        md.append("## Targets\n\n");
        table(md, RunFacts.targetHeader(), RunFacts.targetRows(results), false);
        md.append('\n');

        md.append("## Environment\n\n");
        table(md, List.of("", ""), RunFacts.environmentRows(results), false);
        md.append("\nThe charts (percentile distributions, latency and rate over time with GC pauses) are in report.html beside this file.\n");
        return md.toString();
    }

    /** @param figures true for tables of figures (right-aligned after the first column), false for tables of words */
    static void table(StringBuilder md, List<String> header, List<List<String>> rows, boolean figures) {
        row(md, header);
        md.append('|');
        for (int i = 0; i < header.size(); i++) {
            md.append(i == 0 || !figures ? " --- |" : " ---: |");
        }
        md.append('\n');
        for (List<String> row : rows) {
            row(md, row);
        }
    }

    private static void row(StringBuilder md, List<String> cells) {
        md.append('|');
        for (String cell : cells) {
            md.append(' ').append(MarkdownText.escape(cell)).append(" |");
        }
        md.append('\n');
    }
}
