package io.workbench.hyperfoil.engine;

import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.session.PhaseInstance;

/**
 * What Hyperfoil's runner says about the measured (not warm-up) phases as they change state, kept
 * for the verdict and the CPU per request: whether a phase exceeded its session limit (Hyperfoil's
 * own {@code sessionLimitExceeded} flag, handed over when the phase finishes: arrivals that found
 * every session busy), and this process's CPU time and the wall clock from the first measured
 * phase's start to the last one's termination.
 *
 * <pre>
 *   NOT_STARTED --(a measured phase RUNNING)--> MEASURING --(every one started TERMINATED)--> MEASURED
 * </pre>
 *
 * Called from Hyperfoil's threads; every method is synchronized.
 */
final class MeasuredPhaseWatch {

    enum State { NOT_STARTED, MEASURING, MEASURED }

    private State state = State.NOT_STARTED;
    private int running;
    private boolean sessionLimitExceeded;
    private long cpuStartNanos;
    private long wallStartNanos;
    private long cpuNanos;
    private long wallNanos;

    synchronized void phaseChanged(Phase phase, PhaseInstance.Status status, boolean limitExceeded) {
        if (phase.isWarmup) {
            return;
        }
        sessionLimitExceeded |= limitExceeded;
        if (status == PhaseInstance.Status.RUNNING) {
            if (state == State.NOT_STARTED) {
                state = State.MEASURING;
                cpuStartNanos = InProcessHyperfoil.processCpuNanos();
                wallStartNanos = System.nanoTime();
            }
            running++;
        } else if (status == PhaseInstance.Status.TERMINATED && state == State.MEASURING) {
            running--;
            if (running == 0) {
                state = State.MEASURED;
                cpuNanos = InProcessHyperfoil.processCpuNanos() - cpuStartNanos;
                wallNanos = System.nanoTime() - wallStartNanos;
            }
        }
    }

    synchronized boolean sessionLimitExceeded() {
        return sessionLimitExceeded;
    }

    /** This process's CPU seconds over the measured phases, or null when they did not run to their end. */
    synchronized Double cpuSeconds() {
        return state == State.MEASURED ? cpuNanos / 1e9 : null;
    }

    /** The measured phases' wall time in seconds, or null when they did not run to their end. */
    synchronized Double wallSeconds() {
        return state == State.MEASURED ? wallNanos / 1e9 : null;
    }

    @Override
    public synchronized String toString() {
        return "MeasuredPhaseWatch@" + Integer.toHexString(hashCode()) + "{" + state + ", running=" + running
                + ", sessionLimitExceeded=" + sessionLimitExceeded + "}";
    }
}
