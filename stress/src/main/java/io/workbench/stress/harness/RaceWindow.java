package io.workbench.stress.harness;

/**
 * How the stress module makes time pass inside a race: spin-wait hints. A mutant widens the gap
 * its bug opens (between a read and the write that should have been a CAS, between two stores
 * that should have been one) with {@link #widen()}, long enough that the other actor lands in the
 * gap in thousands of samples of quick mode on two cores, short enough not to slow a round; the
 * real machines and their control copies never wait there. A race driver that plays the
 * machine's caller uses {@link #spin(int)} for work that takes a while (a write, filling a slot),
 * for the real machine and the copies alike.
 */
public final class RaceWindow {

    /** About a microsecond on the machines this project runs on. */
    public static final int WIDEN_SPINS = 200;

    private RaceWindow() {
    }

    /** Holds a mutant's gap open for {@link #WIDEN_SPINS} spin-wait hints. */
    public static void widen() {
        spin(WIDEN_SPINS);
    }

    /** Spends {@code hints} spin-wait hints. */
    public static void spin(int hints) {
        for (int i = 0; i < hints; i++) {
            Thread.onSpinWait();
        }
    }
}
