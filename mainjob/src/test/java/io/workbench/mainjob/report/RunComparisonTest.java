package io.workbench.mainjob.report;

import static io.workbench.mainjob.report.RunBuilder.Rep.invalid;
import static io.workbench.mainjob.report.RunBuilder.Rep.valid;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.Limit;
import io.workbench.mainjob.report.results.RunResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --compare}: one figure per scenario (the findings'), B's difference with an interval
 * drawn from each run's rounds on their own, the verdict by the same rule, and what else differs.
 */
class RunComparisonTest {

    private static final String T = "iocore:async-complete";

    private static String compare(Path dir, RunBuilder a, RunBuilder b) {
        RunResults resultsA = a.write(dir.resolve("a"));
        RunResults resultsB = b.write(dir.resolve("b"));
        return RunComparison.render(dir.resolve("a"), resultsA, dir.resolve("b"), resultsB);
    }

    private static String row(String comparison, String scenario) {
        return comparison.lines().filter(line -> line.startsWith("| " + T + " | " + scenario + " |")).findFirst().orElseThrow();
    }

    private static RunBuilder stream(RunBuilder.Rep... reps) {
        RunBuilder run = RunBuilder.quick();
        run.target(T).run("stream", reps);
        return run;
    }

    @Test
    void aTwentyPercentFasterBIsBetterByMoreThanTheMargin(@TempDir Path dir) {
        String comparison = compare(dir, stream(valid(10).beyond(10), valid(10).beyond(10.2), valid(10).beyond(9.9)),
                stream(valid(8).beyond(8), valid(8).beyond(8.1), valid(8).beyond(7.9)));

        String row = row(comparison, "stream");
        assertTrue(row.contains("| median time beyond the wait | 10.03 ms | 8.000 ms | −20.3% | −21.8% to −18.7% |"), row);
        assertTrue(row.contains("| B better by more than ±5.0% |"), row);
        assertTrue(comparison.contains("The two runs were not interleaved"), "it says the interval holds the between-run uncertainty");
    }

    @Test
    void theSameFiguresWithTheMachineDriftingBetweenRoundsCannotBeToldWithoutPairs(@TempDir Path dir) {
        // Within each run the rounds drift by 30%; with nothing to pair them, that is all the interval sees.
        String comparison = compare(dir, stream(valid(10).beyond(10), valid(13).beyond(13), valid(8).beyond(8)),
                stream(valid(10).beyond(10), valid(13).beyond(13), valid(8).beyond(8)));

        String row = row(comparison, "stream");
        assertTrue(row.contains("| 0.0% |"), row);
        assertTrue(row.contains("cannot tell: the interval reaches across the margin"), row);
    }

    @Test
    void aSideWithoutAValidWarmRunHasNoFigureAndSaysWhy(@TempDir Path dir) {
        String comparison = compare(dir, stream(valid(10).beyond(10), valid(10).beyond(10)),
                stream(valid(10).beyond(10).cold(), invalid(Limit.GENERATOR_CPU, 10)));

        String row = row(comparison, "stream");
        assertTrue(row.contains("| 10.00 ms | no valid warm run |"), row);
        assertTrue(row.contains("cannot tell: B has no valid warm run (round 1: taken before the target was warm; round 2: not valid: generator-cpu)"), row);
    }

    @Test
    void whereASideFellBehindTheShareOfTheScheduleHeldIsCompared(@TempDir Path dir) {
        String comparison = compare(dir, stream(valid(10).beyond(10), valid(10).beyond(10)),
                stream(valid(900).beyond(900).behind(0.6), valid(900).beyond(900).behind(0.62)));

        String row = row(comparison, "stream");
        assertTrue(row.contains("| share of the schedule held (a side fell behind) | 100.0% | 61.0% |"), row);
        assertTrue(row.contains("B worse by more than ±5.0%"), row);
    }

    @Test
    void differingGeneratorFlagsAreFlaggedAndTheSameAreNot(@TempDir Path dir) {
        RunBuilder c1 = stream(valid(10), valid(10));
        RunBuilder c2 = stream(valid(10), valid(10)).loadFlags("-Xms1g", "-Xmx1g");

        String differing = compare(dir.resolve("1"), c1, c2);
        String same = compare(dir.resolve("2"), stream(valid(10), valid(10)), stream(valid(10), valid(10)));

        assertTrue(differing.contains("**The generator's JVM flags differ (they move which runs are valid): A -Xms1g -Xmx1g "
                + "-XX:TieredStopAtLevel=1, B -Xms1g -Xmx1g.**"), differing);
        assertFalse(same.contains("flags differ"), same);
    }
}
