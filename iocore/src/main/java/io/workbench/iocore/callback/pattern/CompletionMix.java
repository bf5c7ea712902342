package io.workbench.iocore.callback.pattern;

/**
 * Which writes of a {@link SimulatedChannel} complete synchronously (inside the write call) and
 * which complete later from another thread.
 *
 * <p>The choice is deterministic and evenly spread: with a share of 0.5 every other write is
 * synchronous, with 0.25 every fourth. Deterministic so that two runs, and two patterns, see
 * exactly the same sequence of completions.
 */
public final class CompletionMix {

    private static final long SCALE = 1 << 20;

    private final double synchronousShare;
    private final long scaledShare;

    private CompletionMix(double synchronousShare) {
        if (!(synchronousShare >= 0.0 && synchronousShare <= 1.0)) {
            throw new IllegalArgumentException("synchronous share must be within [0, 1], was " + synchronousShare);
        }
        this.synchronousShare = synchronousShare;
        this.scaledShare = Math.round(synchronousShare * SCALE);
    }

    /** A mix in which {@code share} of the writes (0 to 1) complete synchronously. */
    public static CompletionMix synchronousShare(double share) {
        return new CompletionMix(share);
    }

    /** Every write completes inside the write call. */
    public static CompletionMix allSynchronous() {
        return new CompletionMix(1.0);
    }

    /** Every write completes later, from another thread. */
    public static CompletionMix allAsynchronous() {
        return new CompletionMix(0.0);
    }

    /** @return whether the write with this index (0-based) completes inside the write call */
    public boolean completesSynchronously(long operation) {
        // Write k is synchronous when floor((k+1)*share) passes an integer: an even spread.
        return ((operation + 1) * scaledShare) / SCALE != (operation * scaledShare) / SCALE;
    }

    public double synchronousShare() {
        return synchronousShare;
    }

    @Override
    public String toString() {
        return "CompletionMix[synchronous=" + synchronousShare + "]";
    }
}
