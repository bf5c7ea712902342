package io.workbench.mainjob.report.results;

import java.util.List;

/**
 * Everything one {@code ./workbench run} measured: the whole {@code results.json}. The report is
 * generated from this and the files it points to, so it can be generated again at any time.
 *
 * @param format             the layout's version, raised when a field changes meaning
 * @param command            the command line that produced the run
 * @param profile            quick, standard or study
 * @param scale              the test-only shortening factor (1 for every real run)
 * @param startedEpochMillis when the run started
 * @param finishedEpochMillis when it ended
 * @param interrupted        true when Ctrl-C stopped it
 * @param environment        the machine, JDK, flags and pinning
 * @param concurrencyCap     the concurrency-level scenario's cap and its reason
 * @param presets            the scenarios' values, in the order they ran
 * @param targets            every target, in the order they ran, failed ones included
 */
public record RunResults(int format, String command, String profile, double scale, long startedEpochMillis,
                         long finishedEpochMillis, boolean interrupted, Environment environment,
                         ConcurrencyCap concurrencyCap, List<ScenarioPreset> presets, List<TargetRun> targets) {

    public static final int FORMAT = 1;
    public static final String FILE_NAME = "results.json";
}
