package io.workbench.iocore.callback;

/**
 * Something that can be invoked and says whether invoking it may block.
 *
 * <p>The selector layer uses the declaration to decide where a task may run: a
 * {@link InvocationType#NON_BLOCKING} task can run in place on a selector thread, a
 * {@link InvocationType#BLOCKING} one must be handed to a pool, because one blocked selector
 * thread stalls every connection it serves. The default is the safe answer, {@code BLOCKING}.
 */
public interface Invocable {

    /** Whether invoking a task or callback may block the calling thread. */
    enum InvocationType {
        /** May block (application code, anything doing I/O the blocking way): never run on a selector thread. */
        BLOCKING,
        /** Never blocks: may run in place on a selector thread. */
        NON_BLOCKING,
        /** Adapts: blocks or not depending on how it is called (e.g. a handler that can go async). */
        EITHER;

        /** The type of doing {@code this} and then {@code other}: blocking if either may block. */
        public InvocationType and(InvocationType other) {
            if (this == BLOCKING || other == BLOCKING) {
                return BLOCKING;
            }
            if (this == EITHER || other == EITHER) {
                return EITHER;
            }
            return NON_BLOCKING;
        }
    }

    /** @return whether invoking this may block; {@code BLOCKING} unless declared otherwise. */
    default InvocationType getInvocationType() {
        return InvocationType.BLOCKING;
    }

    /** The invocation type of {@code o} if it declares one, else {@code BLOCKING}. */
    static InvocationType typeOf(Object o) {
        return o instanceof Invocable invocable ? invocable.getInvocationType() : InvocationType.BLOCKING;
    }

    /** A {@link Runnable} that declares its invocation type. */
    interface Task extends Runnable, Invocable {

        /** A task of the given type that runs {@code body}. */
        static Task of(InvocationType type, Runnable body) {
            return new Task() {
                @Override
                public void run() {
                    body.run();
                }

                @Override
                public InvocationType getInvocationType() {
                    return type;
                }

                @Override
                public String toString() {
                    return "Task[" + type + "," + body + "]";
                }
            };
        }
    }
}
