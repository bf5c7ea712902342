package io.workbench.stress.callback;

import io.workbench.iocore.callback.IteratingCallback;
import java.util.EnumSet;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What happened to one callback in one jcstress iteration: every process() call, hook and thrown
 * exception in the order they began, each with the thread that made it, and the invariants that
 * were broken on the way.
 *
 * <p>Threads are tagged {@code 1} and {@code 2} (the test's first and second actor), {@code a}
 * (the arbiter) and {@code s} (the test's constructor, which sets the race up). The journal
 * renders as the jcstress outcome, e.g. {@code process@1 onSuccess@2 process@2 onCompleteSuccess@2},
 * so that a test lists the acceptable histories and everything else is forbidden. Broken
 * invariants prefix it with {@code VIOLATION}, which no test accepts.
 */
final class Journal {

    /** A call into the test's task, or an exception that escaped the callback. */
    enum Kind {
        PROCESS("process"),
        ON_SUCCESS("onSuccess"),
        ON_FAILURE("onFailure"),
        ON_ABORTED("onAborted"),
        ON_COMPLETE_SUCCESS("onCompleteSuccess"),
        ON_COMPLETE_FAILURE("onCompleteFailure"),
        /** Not a call: onSuccess() saw that an abort() had returned, so no process() may follow. */
        SAW_ABORT("sawAbort"),
        THREW("threw");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /** An invariant every interleaving must keep, whatever the test. */
    enum Violation {
        /** process() or a hook began while another was running: the machine let two threads in. */
        OVERLAP("overlap"),
        /** process() was called while the operation it scheduled was still outstanding. */
        PROCESS_WHILE_OUTSTANDING("process-while-outstanding"),
        /** process() was called after onSuccess() had seen an abort() return: the abort did not stop the iteration. */
        PROCESS_AFTER_ABORT("process-after-abort"),
        /** onCompleteSuccess/onCompleteFailure ran before the outstanding operation called back. */
        COMPLETED_WHILE_OUTSTANDING("completed-while-outstanding"),
        /** More than one of onCompleteSuccess/onCompleteFailure ran. */
        COMPLETED_TWICE("completed-twice"),
        /** The failure hooks did not come as [onAborted] onFailure onCompleteFailure, each at most once. */
        FAILURE_HOOKS_OUT_OF_ORDER("failure-hooks-out-of-order"),
        /** An actor waited in vain for process() to start the operation. */
        OPERATION_NEVER_STARTED("operation-never-started"),
        /** More events than any correct history has. */
        JOURNAL_FULL("journal-full");

        final String label;

        Violation(String label) {
            this.label = label;
        }
    }

    private static final int CAPACITY = 24;

    private final Kind[] kinds = new Kind[CAPACITY];
    private final char[] tags = new char[CAPACITY];
    private final Throwable[] causes = new Throwable[CAPACITY];
    private final AtomicInteger size = new AtomicInteger();
    /** How many threads are inside process() or a hook right now: more than one is an overlap. */
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger violations = new AtomicInteger();

    // Each written by the thread it names, before that thread calls into the callback, so a thread
    // that compares itself with them reads its own write; the arbiter runs after both actors.
    private Thread first;
    private Thread second;
    private boolean arbitrating;

    void bindFirst() {
        first = Thread.currentThread();
    }

    void bindSecond() {
        second = Thread.currentThread();
    }

    void bindArbiter() {
        arbitrating = true;
    }

    /** Process() or a hook begins on this thread. */
    void enter(Kind kind, Throwable cause) {
        if (inside.getAndIncrement() != 0) {
            violation(Violation.OVERLAP);
        }
        record(kind, cause);
    }

    /** Process() or a hook ends on this thread. */
    void exit() {
        inside.decrementAndGet();
    }

    /** Called from inside onSuccess(): an abort() had returned true before onSuccess() returned. */
    void sawAbort() {
        record(Kind.SAW_ABORT, null);
    }

    /** An exception escaped the callback into the test's thread. */
    void threw(Throwable thrown) {
        record(Kind.THREW, thrown);
    }

    void violation(Violation violation) {
        int bit = 1 << violation.ordinal();
        violations.getAndUpdate(bits -> bits | bit);
    }

    private void record(Kind kind, Throwable cause) {
        int index = size.getAndIncrement();
        if (index >= CAPACITY) {
            violation(Violation.JOURNAL_FULL);
            return;
        }
        kinds[index] = kind;
        tags[index] = currentTag();
        causes[index] = cause;
    }

    private char currentTag() {
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

    /**
     * The outcome: the history, then the test's {@code facts} after a semicolon, prefixed with
     * the broken invariants if any. Called by the arbiter, after both actors.
     */
    String render(String... facts) {
        int events = Math.min(size.get(), CAPACITY);
        checkHistory(events);
        StringBuilder text = new StringBuilder();
        Set<Violation> broken = broken();
        if (!broken.isEmpty()) {
            StringJoiner names = new StringJoiner(",", "VIOLATION ", ": ");
            broken.forEach(v -> names.add(v.label));
            text.append(names);
        }
        for (int i = 0; i < events; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(kinds[i].label);
            if (causes[i] != null) {
                text.append(':').append(name(causes[i]));
            }
            text.append('@').append(tags[i]);
        }
        if (facts.length > 0) {
            text.append(';');
            for (String fact : facts) {
                text.append(' ').append(fact);
            }
        }
        return text.toString();
    }

    /** The invariants that only the whole history shows. */
    private void checkHistory(int events) {
        int completions = 0;
        int lastFailureHook = 0;
        boolean abortSeen = false;
        for (int i = 0; i < events; i++) {
            switch (kinds[i]) {
                case SAW_ABORT -> abortSeen = true;
                case PROCESS -> {
                    if (abortSeen) {
                        violation(Violation.PROCESS_AFTER_ABORT);
                    }
                }
                case ON_COMPLETE_SUCCESS -> completions++;
                case ON_ABORTED -> lastFailureHook = failureHook(lastFailureHook, 1);
                case ON_FAILURE -> lastFailureHook = failureHook(lastFailureHook, 2);
                case ON_COMPLETE_FAILURE -> {
                    completions++;
                    lastFailureHook = failureHook(lastFailureHook, 3);
                }
                default -> {
                }
            }
        }
        if (completions > 1) {
            violation(Violation.COMPLETED_TWICE);
        }
    }

    /**
     * The failure hooks, ranked onAborted 1, onFailure 2, onCompleteFailure 3, must come in rising
     * rank, each at most once, and onCompleteFailure right after onFailure.
     *
     * @return {@code rank}, the new last failure hook
     */
    private int failureHook(int last, int rank) {
        if (rank <= last || (rank == 3 && last != 2)) {
            violation(Violation.FAILURE_HOOKS_OUT_OF_ORDER);
        }
        return rank;
    }

    private Set<Violation> broken() {
        int bits = violations.get();
        Set<Violation> broken = EnumSet.noneOf(Violation.class);
        for (Violation v : Violation.values()) {
            if ((bits & (1 << v.ordinal())) != 0) {
                broken.add(v);
            }
        }
        return broken;
    }

    /** A short, stable name for a cause: the test's name for it, "closed", or the exception's class. */
    private static String name(Throwable cause) {
        if (cause instanceof NamedFailure named) {
            return named.getMessage();
        }
        // The real class's ClosedException, or a generated copy's own (same simple name, another package).
        if (cause instanceof IteratingCallback.ClosedException || cause.getClass().getSimpleName().equals("ClosedException")) {
            return "closed";
        }
        return cause.getClass().getSimpleName();
    }

    /** A failure the test names ({@code x}, {@code y}) so that the history shows whose cause won. */
    static final class NamedFailure extends Exception {
        NamedFailure(String name) {
            // No stack trace and no suppression: the callback adds late causes to the winner, and
            // millions of iterations should not pay for that.
            super(name, null, false, false);
        }
    }
}
