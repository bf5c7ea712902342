package io.workbench.mainjob.report;

import static io.workbench.mainjob.report.RunBuilder.Rep.invalid;
import static io.workbench.mainjob.report.RunBuilder.Rep.valid;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.Limit;
import io.workbench.mainjob.report.results.RunResults;
import org.junit.jupiter.api.Test;

/**
 * {@code report --compare}: every figure from a run whose verdict is not valid is marked, and a
 * ratio whose difference lies within the repetitions' spread (or the generator's lag) says so.
 */
class RunComparisonTest {

    private static final String T = "jetty:sync";

    private static String meanRow(RunResults a, RunResults b) {
        return RunComparison.render("A", a, "B", b).lines().filter(line -> line.startsWith("| " + T + " | high-concurrency | mean ms |"))
                .findFirst().orElseThrow();
    }

    private static RunResults run(RunBuilder.Rep... reps) {
        RunBuilder run = RunBuilder.quick();
        run.target(T).run("high-concurrency", reps);
        return run.results();
    }

    @Test
    void aRatioWithinTheSpreadOfTheRepetitionsIsWithinTheNoise() {
        // Two runs of the same code: 0.57x-1.54x apart run to run would be noise; here 100 against 103, with repetitions 8 ms apart.
        String row = meanRow(run(valid(100), valid(108)), run(valid(103), valid(107)));

        assertTrue(row.contains("| 1.03x |"), row);
        assertTrue(row.contains(RunComparison.WITHIN_NOISE + " (differ by 1.000 ms, resolution 8.000 ms (the spread of their repetitions))"), row);
        assertFalse(row.contains(RunComparison.INVALID_MARK), row);
    }

    @Test
    void aRatioBeyondTheSpreadAndTheLagIsNotMarked() {
        String row = meanRow(run(valid(100), valid(101)), run(valid(150), valid(151)));

        assertTrue(row.contains("| 1.50x |"), row);
        assertFalse(row.contains(RunComparison.WITHIN_NOISE), row);
    }

    @Test
    void aFigureFromAnInvalidRunIsMarkedWithWhatLimitedIt() {
        String row = meanRow(run(valid(100), valid(101)), run(invalid(Limit.GENERATOR_CPU, 60), invalid(Limit.GENERATOR_CPU, 61)));

        assertTrue(row.contains("| 60.00" + RunComparison.INVALID_MARK + " |"), row);
        assertTrue(row.contains("B " + RunComparison.INVALID_MARK + ": no valid run of 2: limited by generator-cpu (2)"), row);
        assertFalse(row.contains(RunComparison.WITHIN_NOISE), "no noise judgement on a figure that is not a finding: " + row);
    }

    @Test
    void aValidRepetitionIsPreferredToALowerInvalidOne() {
        String row = meanRow(run(valid(100), invalid(Limit.GENERATOR_PACING, 20)), run(valid(100), valid(100)));

        assertTrue(row.contains("| 100.00 | 100.00 | 1.00x |"), "A's figure is its valid repetition's: " + row);
    }
}
