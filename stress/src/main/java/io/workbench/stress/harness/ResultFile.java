package io.workbench.stress.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;
import org.openjdk.jcstress.infra.grading.ReportUtils;
import org.openjdk.jcstress.infra.grading.TestGrading;

/**
 * Reads the binary result file a jcstress 0.16 run writes ({@code jcstress-results-*.bin.gz}) and
 * grades it with jcstress's own grading, the one its reports use. Reading the file rather than
 * scraping the console keeps the counts exact; the jcstress version is pinned, and so is this
 * format.
 */
final class ResultFile {

    private ResultFile() {
    }

    /** The outcomes of every test in the file, by test class name. */
    static Map<String, TestOutcomes> read(Path file) throws IOException {
        InProcessCollector collector = new InProcessCollector();
        DiskReadCollector reader = new DiskReadCollector(file.toString(), collector);
        try {
            reader.dump();
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot read " + file + " (written by another jcstress version?)", e);
        } finally {
            reader.close();
        }
        Map<String, TestOutcomes> byTest = new LinkedHashMap<>();
        for (TestResult result : ReportUtils.mergedByName(collector.getTestResults())) {
            TestGrading grading = result.grading();
            List<TestOutcomes.Outcome> outcomes = new ArrayList<>();
            for (GradingResult graded : grading.gradingResults.values()) {
                outcomes.add(new TestOutcomes.Outcome(graded.id, graded.expect, graded.count, graded.description));
            }
            byTest.put(result.getName(),
                    new TestOutcomes(result.getName(), result.status().name(), outcomes, result.getMessages()));
        }
        return byTest;
    }
}
