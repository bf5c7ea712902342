package io.workbench.stress;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.stress.harness.Batch;
import io.workbench.stress.harness.Effort;
import io.workbench.stress.harness.Jcstress;
import io.workbench.stress.harness.StressCheck;
import io.workbench.stress.harness.Subject;
import io.workbench.stress.harness.SubjectReport;
import io.workbench.stress.harness.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The stress check of {@code ./workbench test}: through the jcstress jar that {@code package}
 * built, the real implementations of every machine in the catalog must show no FORBIDDEN
 * outcome, nor must each machine's control copy, and every mutant must be caught by each test
 * registered to catch it. All at the CI effort (jcstress's quick mode, one JVM configuration); a
 * mutant not caught there is tried again at higher efforts ({@link Effort#ciRetries()}) before its
 * verdict, and the summary says which catches needed a retry. {@code ./workbench stress} runs the
 * longer modes.
 *
 * <p>Copies of different machines share jcstress runs ({@link Batch}). Each run is a dynamic
 * container and each subject in it a dynamic test, so that Failsafe counts and names every
 * verdict; the summary is printed at the end.
 */
class StressCheckIT {

    /** A run at the CI effort takes a minute or two; ten is a hang. */
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);

    private static final Path RESULTS = Path.of(System.getProperty("stress.results", "target/stress-check"));
    private static final List<SubjectReport> REPORTS = new ArrayList<>();

    @TestFactory
    Stream<DynamicContainer> realCodeShowsNothingForbiddenAndEveryMutantIsCaught() {
        Jcstress jcstress = new Jcstress(Path.of(System.getProperty("stress.jar", "target/jcstress.jar")));
        StressCheck check = new StressCheck(jcstress, RESULTS, System.out, false, RUN_TIMEOUT);
        List<Subject> plan = StressCheck.plan(Catalog.MACHINES, Pattern.compile(""), StressCheck.Scope.MUTANTS);
        // A container's children are made when it executes: so each batch runs jcstress once, in
        // order, and then every subject of it is judged.
        return Batch.of(plan).stream().map(batch -> DynamicContainer.dynamicContainer(batch.label(),
                Stream.of(batch).flatMap(b -> run(check, b).stream()).map(report -> verdict(batch, report))));
    }

    private static List<SubjectReport> run(StressCheck check, Batch batch) {
        try {
            List<SubjectReport> reports = check.runUntilCaught(batch, Effort.ci(), Effort.ciRetries());
            REPORTS.addAll(reports);
            return reports;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + batch.label(), e);
        }
    }

    private static DynamicTest verdict(Batch batch, SubjectReport report) {
        return DynamicTest.dynamicTest(report.subject().kind() + " " + report.subject().name(),
                () -> assertTrue(report.passed(), () -> report.headline() + "\n  " + String.join("\n  ", report.problems())
                        + "\n  jcstress's report: " + RESULTS.resolve(batch.directory()).toAbsolutePath()));
    }

    @AfterAll
    static void summary() throws IOException {
        Summary summary = new Summary(Catalog.MACHINES, REPORTS);
        Files.createDirectories(RESULTS);
        Files.writeString(RESULTS.resolve("summary.txt"), summary.text());
        Files.writeString(RESULTS.resolve("summary.md"), summary.markdown());
        System.out.print(summary.text());
    }
}
