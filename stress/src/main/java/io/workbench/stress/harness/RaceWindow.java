package io.workbench.stress.harness;

/**
 * The one way a mutant widens the gap its bug opens (between a read and the write that should
 * have been a CAS, between two stores that should have been one): a fixed number of spin-wait
 * hints, long enough that the other actor lands in the gap in thousands of samples of quick mode
 * on two cores, short enough not to slow a round. Only mutants call it; the real machines and
 * their faithful control copies never wait.
 */
public final class RaceWindow {

    /** About a microsecond on the machines this project runs on. */
    public static final int WIDEN_SPINS = 200;

    private RaceWindow() {
    }

    /** Holds the gap open for {@link #WIDEN_SPINS} spin-wait hints. */
    public static void widen() {
        for (int i = 0; i < WIDEN_SPINS; i++) {
            Thread.onSpinWait();
        }
    }
}
