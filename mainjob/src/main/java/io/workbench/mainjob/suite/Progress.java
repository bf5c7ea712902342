package io.workbench.mainjob.suite;

import java.io.PrintStream;
import java.util.Locale;

/**
 * What the run shows while it works, on stderr: which target and scenario, a bar of the planned
 * work done with the time left, and the load generator's own progress lines passed through,
 * indented. The time left is the planned seconds still to go, scaled by how the run has kept to
 * its plan so far.
 */
public final class Progress {

    private static final int BAR = 24;

    private final PrintStream out;
    private final double plannedSeconds;
    private final long startNanos = System.nanoTime();
    private double doneSeconds;

    public Progress(PrintStream out, double plannedSeconds) {
        this.out = out;
        this.plannedSeconds = Math.max(1, plannedSeconds);
    }

    /** A new step begins: the header line with the bar. */
    public synchronized void step(String target, String what) {
        double fraction = Math.min(1, doneSeconds / plannedSeconds);
        int filled = (int) Math.round(fraction * BAR);
        out.printf(Locale.ROOT, "[%s%s] %3.0f%%  %s  %s  (%s left)%n", "#".repeat(filled), ".".repeat(BAR - filled),
                fraction * 100, target, what, remaining());
        out.flush();
    }

    /** A line from the load generator. */
    public synchronized void pass(String line) {
        out.println("    " + line);
        out.flush();
    }

    /** A line of the runner's own (a failure, a skip, where the results are). */
    public synchronized void say(String line) {
        out.println("workbench run: " + line);
        out.flush();
    }

    /** Planned seconds of work done (the estimate of a finished or skipped step). */
    public synchronized void done(double plannedStepSeconds) {
        doneSeconds += plannedStepSeconds;
    }

    String remaining() {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        double pace = doneSeconds > 0 ? elapsed / doneSeconds : 1;
        long seconds = Math.round(Math.max(0, plannedSeconds - doneSeconds) * pace);
        return seconds >= 3600 ? String.format(Locale.ROOT, "about %dh%02dm", seconds / 3600, seconds % 3600 / 60)
                : seconds >= 60 ? String.format(Locale.ROOT, "about %dm%02ds", seconds / 60, seconds % 60)
                : "about " + seconds + " s";
    }
}
