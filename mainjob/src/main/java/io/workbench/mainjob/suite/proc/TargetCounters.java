package io.workbench.mainjob.suite.proc;

import io.workbench.mainjob.report.results.TargetStats;
import java.util.Optional;

/** The target's own counters ({@code /stats}), one try each: what it served, and its JVM's figures where it has them. */
public interface TargetCounters {

    /** The counters now, or empty when the target did not answer. */
    Optional<TargetStats> stats();

    /** The counters now, then the target's peaks restart from the present ({@code /stats?resetPeaks}). */
    Optional<TargetStats> statsResettingPeaks();
}
