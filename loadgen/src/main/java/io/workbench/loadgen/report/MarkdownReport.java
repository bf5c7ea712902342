package io.workbench.loadgen.report;

import io.workbench.loadgen.report.results.RunResults;
import io.workbench.loadgen.report.results.ScenarioPreset;
import java.util.List;

/**
 * {@code report.md}: the run in text, readable in a terminal or on a code host. The study's table
 * first, then each scenario in detail, every run's validity, the targets and the environment.
 */
public final class MarkdownReport {

    public static final String FILE_NAME = "report.md";

    private MarkdownReport() {
    }

    public static String render(RunResults results) {
        StringBuilder md = new StringBuilder();
        md.append("# The 2016 study's scenarios, redone on today's servers\n\n");
        md.append(RunFacts.headline(results)).append("\n\n");

        md.append("## In short\n\n");
        for (ScenarioPreset preset : results.presets()) {
            ScenarioLeader.sentence(results, preset)
                    .ifPresent(sentence -> md.append("- **").append(preset.scenario()).append("**: ").append(sentence).append('\n'));
        }
        md.append('\n');

        md.append("## The study's table\n\n");
        md.append("Each figure is the best of the repetitions, as the 2016 study gave it (best: the lowest mean; for ")
                .append("concurrency-level the most requests in flight at once). Latency is intended start to end, in ms: ")
                .append("what a user saw, including any time a request waited to be sent. Errors are failed and ")
                .append("timed-out requests together. The median and the spread of the repetitions are under each scenario below.\n\n");
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
        md.append("A run is valid when the generator kept its schedule (its own lag, intended to send, stayed under ")
                .append("the limit) and achieved the target rate; \"warming\" means the target JVM had served less than a ")
                .append("minute of load before it, so its JIT may not have settled.\n\n");
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
