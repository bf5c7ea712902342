package io.workbench.mainjob.report;

import io.workbench.loadgen.summary.Limit;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.util.ArrayList;
import java.util.List;

/**
 * The 2016 study's table for one run: a row per target, and per scenario the study's columns
 * (concurrency-level: requests in flight at once and errors; a rate scenario: mean and maximum
 * latency and errors), each the best <em>valid</em> repetition's figure as the study gave it. A
 * target with no valid repetition in a scenario has no figure there: its cell says what limited its
 * runs. Rendered by the Markdown and the HTML report alike, so both always show the same numbers.
 *
 * @param header the column titles
 * @param rows   one per target, cells as text
 */
public record StudyTable(List<String> header, List<List<String>> rows) {

    /** A cell with no figure: the target never got to the scenario. */
    public static final String NONE = "—";
    /** The start of a cell whose target ran the scenario but has no valid run; the limits follow. */
    public static final String NO_VALID_RUN = "no valid run: ";

    public static StudyTable of(RunResults results) {
        List<String> header = new ArrayList<>();
        header.add("Target");
        for (ScenarioPreset preset : results.presets()) {
            if ("all-at-once".equals(preset.model())) {
                header.add(preset.scenario() + ": max in flight");
            } else {
                header.add(preset.scenario() + ": mean ms");
                header.add(preset.scenario() + ": max ms");
            }
            header.add(preset.scenario() + ": errors");
        }
        List<List<String>> rows = new ArrayList<>();
        for (TargetRun target : results.targets()) {
            List<String> row = new ArrayList<>();
            row.add(target.status() == TargetRun.Status.OK ? target.id() : target.id() + " (" + target.status().name().toLowerCase() + ")");
            for (ScenarioPreset preset : results.presets()) {
                cells(target.scenario(preset.scenario()), preset, row);
            }
            rows.add(row);
        }
        return new StudyTable(header, rows);
    }

    private static void cells(ScenarioRun run, ScenarioPreset preset, List<String> row) {
        int width = "all-at-once".equals(preset.model()) ? 2 : 3;
        ScenarioFigures figures = run == null ? null : ScenarioFigures.of(run);
        if (figures == null || !figures.hasData()) {
            String why = run == null ? NONE
                    : figures.measured().isEmpty() ? run.status().name().toLowerCase()
                    : NO_VALID_RUN + String.join(", ", figures.limits().keySet().stream().map(Limit::label).toList());
            for (int i = 0; i < width; i++) {
                row.add(i == 0 ? why : NONE);
            }
            return;
        }
        Repetition best = figures.best().orElseThrow();
        if (width == 2) {
            row.add(Figures.count(ScenarioFigures.peakInFlight(best)));
        } else {
            row.add(Figures.ms(ScenarioFigures.meanMs(best)));
            row.add(Figures.ms(ScenarioFigures.maxMs(best)));
        }
        row.add(Figures.count(ScenarioFigures.failed(best)));
    }
}
