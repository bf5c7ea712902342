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
 * @param targets            every target, in the order they were listed, failed ones included
 * @param rounds             the rounds measured: each measures every target of a group once, in rotated order
 * @param groups             the targets' ids by interleaving group: targets are compared with a
 *                           confidence interval only within a group (one group when all fit in memory at once)
 * @param practicalMargin    the relative difference below which two targets are called equivalent (0.05)
 */
public record RunResults(int format, String command, String profile, double scale, long startedEpochMillis,
                         long finishedEpochMillis, boolean interrupted, Environment environment,
                         ConcurrencyCap concurrencyCap, List<ScenarioPreset> presets, List<TargetRun> targets,
                         int rounds, List<List<String>> groups, double practicalMargin) {

    /** 2: rounds, groups, warm-ups by requests, the targets' costs, the overhead search. */
    public static final int FORMAT = 2;
    public static final String FILE_NAME = "results.json";
}
