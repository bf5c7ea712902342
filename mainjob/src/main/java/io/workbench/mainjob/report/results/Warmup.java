package io.workbench.mainjob.report.results;

import java.util.List;

/**
 * How a target was warmed before its first measured run of a scenario, the 2016 study's way: by
 * requests (closed model, many connections), then checked: its CPU per request over consecutive
 * windows of requests steady within the stated tolerance. Runs taken after a warm-up that never
 * became steady are not warm and never feed a finding.
 *
 * @param connections     the closed model's connections
 * @param requests        requests sent in all (every window)
 * @param windows         the windows, in order, each with the target's CPU per request over it
 * @param tolerance       the largest relative change between consecutive windows that counts as steady (0.05)
 * @param warm            true when the last windows were steady within the tolerance
 * @param note            why it is not warm, or what stopped the warm-up early, or null
 * @param runs            the warm-up's load runs (their summaries and directories), in order
 * @param checkedAfter    when the target had been warmed on the same path by an earlier scenario's warm-up, that
 *                        scenario: this warm-up only checked it (windows until steady, at least as many as the rule
 *                        reads); null for a full warm-up
 */
public record Warmup(int connections, long requests, List<WarmupWindow> windows, double tolerance, boolean warm,
                     String note, List<Repetition> runs, String checkedAfter) {

    public Warmup {
        windows = windows == null ? List.of() : List.copyOf(windows);
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /** A full warm-up. */
    public Warmup(int connections, long requests, List<WarmupWindow> windows, double tolerance, boolean warm, String note,
                  List<Repetition> runs) {
        this(connections, requests, windows, tolerance, warm, note, runs, null);
    }

    /**
     * One window of the warm-up.
     *
     * @param requests              requests the target completed in the window
     * @param cpuMicrosPerRequest   the target process's CPU (user and kernel) per request over it
     */
    public record WarmupWindow(long requests, double cpuMicrosPerRequest) {
    }
}
