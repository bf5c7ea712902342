package io.workbench.mainjob.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioFiguresTest {

    private static final Path REPS = RunFixture.source().resolve("iocore_async-complete/high-concurrency");

    private static LoadSummary summary(String rep, double meanMs, boolean interrupted) throws IOException {
        ObjectNode json = (ObjectNode) ResultsJson.mapper().readTree(REPS.resolve(rep).resolve("summary.json").toFile());
        ((ObjectNode) json.get("latency").get("intendedToEnd")).put("meanMs", meanMs);
        json.put("interrupted", interrupted);
        return ResultsJson.mapper().treeToValue(json, LoadSummary.class);
    }

    private static Repetition repetition(int index, LoadSummary summary) {
        return new Repetition(index, 1, "x/rep-" + index, 0, summary, null, null, null, null, 100_000, true, null);
    }

    private static ScenarioRun run(List<Repetition> repetitions) throws IOException {
        RunResults results = ResultsJson.readRun(RunFixture.source());
        return new ScenarioRun(results.presets().get(1), ScenarioRun.Status.DONE, null, null, repetitions, null);
    }

    @Test
    void theBestIsTheLowestMeanAndTheMedianAndSpreadCoverEveryRepetition() throws IOException {
        Repetition slow = repetition(1, summary("rep-1", 120, false));
        Repetition fast = repetition(2, summary("rep-2", 100, false));
        Repetition middle = repetition(3, summary("rep-1", 110, false));

        ScenarioFigures figures = ScenarioFigures.of(run(List.of(slow, fast, middle)));

        assertSame(fast, figures.best().orElseThrow());
        assertEquals(110, figures.medianMeanMs(), 1e-9);
        assertEquals(20.0 / 110, figures.spread(), 1e-9);
    }

    @Test
    void aRepetitionCutShortByAnInterruptionIsListedButNeverTheBest() throws IOException {
        Repetition whole = repetition(1, summary("rep-1", 120, false));
        Repetition cutShort = repetition(2, summary("rep-2", 50, true));

        ScenarioFigures figures = ScenarioFigures.of(run(List.of(whole, cutShort)));

        assertSame(whole, figures.best().orElseThrow());
        assertEquals(1, figures.measured().size());
        assertEquals(0, figures.spread(), "one whole repetition has no spread");
    }
}
