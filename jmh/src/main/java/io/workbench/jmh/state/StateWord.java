package io.workbench.jmh.state;

/** One encoding of the {@link Phase} machine's state: a phase that moves only by CAS. */
public interface StateWord {

    /**
     * Moves the machine one step around its cycle, retrying when another thread moved it first.
     *
     * @return the ordinal of the phase this call moved to
     */
    int advance();

    /** @return the current phase */
    Phase phase();

    /** The encodings compared, by name. */
    enum Encoding {
        /** {@code AtomicReference<Phase>}: the phase is an enum constant behind its own atomic object. */
        ATOMIC_REFERENCE_ENUM {
            @Override
            public StateWord create() {
                return new EnumReferenceWord();
            }
        },
        /** {@code AtomicInteger}: the phase packed into the low bits of an int, in its own atomic object. */
        ATOMIC_INTEGER_PACKED {
            @Override
            public StateWord create() {
                return new PackedAtomicIntegerWord();
            }
        },
        /** A {@code VarHandle} on an int field of the machine itself: no second object to reach. */
        VARHANDLE_INT {
            @Override
            public StateWord create() {
                return new VarHandleIntWord();
            }
        };

        /** @return a new machine in {@link Phase#IDLE} */
        public abstract StateWord create();
    }
}
