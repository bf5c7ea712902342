package io.workbench.stress.io;

/**
 * Tells the threads of one jcstress iteration apart, so that an outcome can say who completed a
 * callback: {@code 1} and {@code 2} are the test's actors, {@code a} the arbiter and {@code s}
 * the test's constructor, which sets the race up.
 *
 * <p>Each actor binds itself before it calls into the machine under test, so a thread that
 * compares itself with the bound threads reads its own write; the arbiter runs after both actors.
 * The fields are plain on purpose: a fence here would hide the very reorderings some mutants
 * rely on.
 */
public final class ActorTags {

    private Thread first;
    private Thread second;
    private boolean arbitrating;

    public void bindFirst() {
        first = Thread.currentThread();
    }

    public void bindSecond() {
        second = Thread.currentThread();
    }

    public void bindArbiter() {
        arbitrating = true;
    }

    /** @return the tag of the calling thread */
    public char current() {
        if (arbitrating) {
            return 'a';
        }
        Thread current = Thread.currentThread();
        if (current == first) {
            return '1';
        }
        if (current == second) {
            return '2';
        }
        return 's';
    }
}
