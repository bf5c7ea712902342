package io.workbench.iocore.state;

import java.util.Arrays;

/**
 * The allowed moves of a state machine whose states are small ints (0 to 31), kept as data: one
 * bit set of successors per state. A machine builds its table once, in a static initialiser, and
 * checks every compare-and-set it attempts against it, so that a move the diagram does not draw
 * fails at once with both state names instead of corrupting the machine silently.
 *
 * <p>The table is filled by {@link #allow} before it is shared, and only read afterwards; it is
 * meant to sit in a {@code static final} field, where the JIT treats it as a constant.
 */
public final class Transitions {

    private final String[] names;
    private final int[] successors;

    /** @param names the state names, indexed by the state's int value */
    public Transitions(String... names) {
        if (names.length == 0 || names.length > Integer.SIZE) {
            throw new IllegalArgumentException("a table holds 1 to 32 states, not " + names.length);
        }
        this.names = names.clone();
        this.successors = new int[names.length];
    }

    /** A table over an enum's constants, each state's int value being its ordinal. */
    public static <E extends Enum<E>> Transitions over(Class<E> states) {
        return new Transitions(Arrays.stream(states.getEnumConstants()).map(Enum::name).toArray(String[]::new));
    }

    /** Allows the moves from one state to each of the others given; for the static initialiser only. */
    public Transitions allow(int from, int... to) {
        for (int state : to) {
            successors[index(from)] |= 1 << index(state);
        }
        return this;
    }

    /** {@link #allow(int, int...)} for a table made {@link #over} an enum. */
    @SafeVarargs
    public final <E extends Enum<E>> Transitions allow(E from, E... to) {
        for (E state : to) {
            allow(from.ordinal(), state.ordinal());
        }
        return this;
    }

    /** @return whether the table allows the move */
    public boolean allows(int from, int to) {
        return (successors[from] & 1 << to) != 0;
    }

    /**
     * @param machine the machine about to move, named in the message
     * @throws IllegalStateException if the table does not allow the move
     */
    public void check(int from, int to, Object machine) {
        if (!allows(from, to)) {
            throw new IllegalStateException(names[from] + " !-> " + names[to] + " is not a transition of " + machine);
        }
    }

    /** Logs an attempted move at DEBUG: {@code FROM-->TO} if it was made, {@code FROM!->TO} if it lost a race. */
    public void logMove(System.Logger log, Object machine, int from, int to, boolean moved) {
        log.log(System.Logger.Level.DEBUG, "{0} {1}{2}{3}", machine, names[from], moved ? "-->" : "!->", names[to]);
    }

    /** @return the name of a state */
    public String name(int state) {
        return names[state];
    }

    private int index(int state) {
        if (state < 0 || state >= names.length) {
            throw new IllegalArgumentException("no state " + state + " among " + Arrays.toString(names));
        }
        return state;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("Transitions[");
        for (int from = 0; from < names.length; from++) {
            out.append(from == 0 ? "" : ", ").append(names[from]).append("->{");
            String sep = "";
            for (int to = 0; to < names.length; to++) {
                if (allows(from, to)) {
                    out.append(sep).append(names[to]);
                    sep = ",";
                }
            }
            out.append('}');
        }
        return out.append(']').toString();
    }
}
