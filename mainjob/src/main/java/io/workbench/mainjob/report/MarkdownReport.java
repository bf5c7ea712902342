package io.workbench.mainjob.report;

import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import java.util.List;

/**
 * {@code report.md}: the run in text, readable in a terminal or on a code host. The study's table
 * first, then each scenario in detail, every run's validity, the targets and the environment.
 */
public final class MarkdownReport {

    public static final String FILE_NAME = "report.md";

    /** How findings are drawn, said once above them (both reports). */
    static final String RULES = "Every finding comes from valid runs only (the generator's own verdict: it kept its schedule, "
            + "and nothing on its side limited the run); a target without one has no figure, and its row says what limited "
            + "its runs. A target leads a scenario only when its median differs from the next one's by more than the "
            + "measurement's resolution (the spread of their repetitions, and the generator's lag in them); otherwise the "
            + "scenario is tied within that resolution, which is given.";

    /** What the study's table shows (both reports). */
    static final String TABLE_TEXT = "Each figure is the best valid repetition's, as the 2016 study gave it (best: the lowest "
            + "mean; for concurrency-level the most requests in flight at once). Latency is intended start to end, in ms: "
            + "what a user saw, including any time a request waited to be sent. Errors are failed and timed-out requests "
            + "together. A cell \"no valid run\" names what limited that target's runs. The median and the spread of the "
            + "valid repetitions are under each scenario below.";

    /** What the validity table shows (both reports). */
    static final String VALIDITY_TEXT = "A run is valid when its own verdict says so: the generator kept its schedule (its "
            + "lag, intended to send, stayed under the limit; it achieved the rate its schedule asked for) and nothing on "
            + "the generator's side limited it. \"Limited by\" names what did: generator-cpu (its loop had no idle time "
            + "left, or its process no CPU), generator-pacing (late while it had idle time), connection-cap or descriptor-limit (requests waited "
            + "for a connection the cap or the kernel would not give), interrupted, no-response, or not-judged (the data "
            + "cannot be judged; the reasons say what it lacks, e.g. a summary written before verdicts named their limit). "
            + "What the target does (slow or failed responses) never makes a run invalid. \"Warming\" means the target "
            + "JVM had served less than a minute of load before the run, so its JIT may not have settled.";

    private MarkdownReport() {
    }

    public static String render(RunResults results) {
        StringBuilder md = new StringBuilder();
        md.append("# The 2016 study's scenarios, redone on today's servers\n\n");
        md.append(RunFacts.headline(results)).append("\n\n");

        md.append("## In short\n\n");
        md.append(RULES).append("\n\n");
        for (ScenarioPreset preset : results.presets()) {
            ScenarioLeader.sentence(results, preset)
                    .ifPresent(sentence -> md.append("- **").append(preset.scenario()).append("**: ").append(sentence).append('\n'));
        }
        md.append('\n');

        md.append("## The study's table\n\n");
        md.append(TABLE_TEXT).append("\n\n");
        StudyTable table = StudyTable.of(results);
        table(md, table.header(), table.rows(), true);
        md.append('\n');
        if (results.concurrencyCap().capped() && results.presets().stream().anyMatch(preset -> "all-at-once".equals(preset.model()))) {
            md.append("Concurrency-level: ").append(results.concurrencyCap().explanation()).append("\n\n");
        }

        md.append("## Scenario by scenario\n\n");
        for (ScenarioPreset preset : results.presets()) {
            boolean concurrency = "all-at-once".equals(preset.model());
            md.append("### ").append(preset.scenario()).append("\n\n");
            md.append(PresetText.describe(preset)).append(".\n\n");
            StudyReference.sentence(preset.scenario()).ifPresent(sentence -> md.append("*").append(sentence).append("*\n\n"));
            ScenarioLeader.sentence(results, preset).ifPresent(sentence -> md.append(sentence).append("\n\n"));
            table(md, RunFacts.scenarioHeader(concurrency), RunFacts.scenarioRows(results, preset.scenario(), concurrency), true);
            md.append('\n');
        }

        md.append("## Every run: validity and warming\n\n");
        md.append(VALIDITY_TEXT).append("\n\n");
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
    private static void table(StringBuilder md, List<String> header, List<List<String>> rows, boolean figures) {
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
            md.append(' ').append(cell.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        md.append('\n');
    }
}
