package io.workbench.jmh.state;

/**
 * The phases of the tiny machine every {@link StateWord} encodes: the success cycle of a write
 * flusher.
 *
 * <pre>
 *   IDLE --write--> WRITING --blocked--> PENDING --writable--> COMPLETING --done--> IDLE
 * </pre>
 *
 * <p>The allowed transitions are data, one bit set per phase, and every encoding checks its step
 * against the same table, so the encodings differ only in how the phase is stored.
 */
public enum Phase {
    IDLE, WRITING, PENDING, COMPLETING;

    private static final Phase[] VALUES = values();

    /** For each phase (by ordinal), the bit set of the ordinals it may move to. */
    private static final int[] ALLOWED = new int[VALUES.length];

    static {
        allow(IDLE, WRITING);
        allow(WRITING, PENDING);
        allow(PENDING, COMPLETING);
        allow(COMPLETING, IDLE);
    }

    private static void allow(Phase from, Phase to) {
        ALLOWED[from.ordinal()] |= 1 << to.ordinal();
    }

    /** @return the phase with this ordinal */
    public static Phase of(int ordinal) {
        return VALUES[ordinal];
    }

    /** @return the ordinal of the phase after the one with ordinal {@code from}, around the cycle */
    public static int next(int from) {
        return from == VALUES.length - 1 ? 0 : from + 1;
    }

    /** @throws IllegalStateException unless the table allows {@code from -> to} (ordinals) */
    public static void check(int from, int to) {
        if ((ALLOWED[from] & (1 << to)) == 0) {
            throw new IllegalStateException(VALUES[from] + " !-> " + VALUES[to]);
        }
    }
}
