package io.workbench.stress.io.fill;

import io.workbench.stress.io.ActorTags;
import io.workbench.stress.io.NamedFailure;
import io.workbench.stress.io.RecordingCallback;
import java.nio.channels.ClosedChannelException;

/**
 * One jcstress iteration of a race on a fill interest: a fill interest of the variant this VM
 * runs ({@link FillUnderTest#create}) behind a model of the endpoint that owns it, the callbacks
 * registered with it, and how often it asked the endpoint for read interest.
 *
 * <p>The endpoint model does what {@code SocketChannelEndPoint} does around its fill interest,
 * and nothing more: {@link Actor#fillInterested} registers, then fails the registration itself
 * if the endpoint is closed by then; {@link Actor#close} marks the endpoint closed (a volatile
 * write, as the endpoint's CAS on its shut word), then fails whatever is registered.
 *
 * <p>The outcome reads {@code cb1=succeeded@1 interest=1; <facts>}: each callback with its
 * completions and the thread that gave them ({@code 1}, {@code 2} the actors, {@code a} the
 * arbiter, {@code s} the set-up), how often the machine asked for read interest (once per
 * registration it accepted), then the test's facts. Every accepted registration must end in one
 * completion or still be registered; otherwise the outcome starts with {@code VIOLATION unbalanced}.
 */
public final class FillRace {

    /**
     * The close's cause, made once: filling in a stack trace between the closer's write of
     * {@code closed} and its onFail() would take microseconds, and close the very window the
     * registration-versus-close test must leave open.
     */
    private static final ClosedChannelException CLOSED = new ClosedChannelException();

    private final ActorTags tags = new ActorTags();
    private final RecordingCallback[] callbacks = {new RecordingCallback(tags), new RecordingCallback(tags)};
    private final FillUnderTest interest = FillUnderTest.create(new CountingTarget());
    private final Actor actor = new Actor();
    private volatile boolean closed;
    // How often each thread asked for read interest. Each is written by its own thread only, and
    // plainly: a fence here would hide a registration published without one.
    private int interestOfSetup;
    private int interestOf1;
    private int interestOf2;
    private int interestOfArbiter;

    /** The test's constructor: what happened before the race. */
    public Actor setup() {
        return actor;
    }

    /** The first actor; call from it only. */
    public Actor first() {
        tags.bindFirst();
        return actor;
    }

    /** The second actor; call from it only. */
    public Actor second() {
        tags.bindSecond();
        return actor;
    }

    /** The arbiter, after both actors. */
    public Actor arbiter() {
        tags.bindArbiter();
        return actor;
    }

    /** Callback {@code number} (1 or 2) registers itself again in its first succeeded(), as a connection that reads again does. */
    public void reregisterOnFirstSuccess(int number) {
        RecordingCallback callback = callbacks[number - 1];
        callback.onFirstSuccess(() -> actor.register(number));
    }

    /** Callback {@code number} (1 or 2), for a unit test that completes one behind the machine's back. */
    RecordingCallback callback(int number) {
        return callbacks[number - 1];
    }

    /**
     * The jcstress outcome: {@code cb1=.. [cb2=..] interest=N; facts}, with cb2 only if
     * {@code callbacks} is 2, prefixed with {@code VIOLATION unbalanced} if the registrations do
     * not add up.
     */
    public String outcome(int callbacks, String... facts) {
        StringBuilder text = new StringBuilder();
        int completions = 0;
        for (int i = 0; i < this.callbacks.length; i++) {
            completions += this.callbacks[i].completions();
            if (i < callbacks) {
                text.append("cb").append(i + 1).append('=').append(this.callbacks[i].render()).append(' ');
            }
        }
        int registrations = interestOfSetup + interestOf1 + interestOf2 + interestOfArbiter;
        text.append("interest=").append(registrations);
        if (facts.length > 0) {
            text.append(';');
            for (String fact : facts) {
                text.append(' ').append(fact);
            }
        }
        boolean balanced = completions + (interest.isInterested() ? 1 : 0) == registrations;
        return balanced ? text.toString() : "VIOLATION unbalanced: " + text;
    }

    /** What one thread of the test does. Calls that throw return the exception's name. */
    public final class Actor {

        private Actor() {
        }

        /** Registers callback {@code number} (1 or 2); @return {@code ok} or what it threw */
        public String register(int number) {
            try {
                interest.register(callbacks[number - 1]);
                return "ok";
            } catch (Throwable x) {
                return NamedFailure.nameOf(x);
            }
        }

        /** The endpoint's fillInterested(): registers callback {@code number}, then fails it if the endpoint closed meanwhile. */
        public String fillInterested(int number) {
            String registered = register(number);
            if (closed) {
                onFail(CLOSED);
            }
            return registered;
        }

        /** The endpoint's close(): marks it closed, then fails whatever is registered. */
        public void close() {
            closed = true;
            onFail(CLOSED);
        }

        /** The endpoint is readable; @return what fillable() returned, or what it threw */
        public String fillable() {
            try {
                return String.valueOf(interest.fillable());
            } catch (Throwable x) {
                return NamedFailure.nameOf(x);
            }
        }

        /** The endpoint fails with a cause named {@code cause}; @return what onFail() returned, or what it threw */
        public String onFail(String cause) {
            return onFail(new NamedFailure(cause));
        }

        private String onFail(Throwable cause) {
            try {
                return String.valueOf(interest.onFail(cause));
            } catch (Throwable x) {
                return NamedFailure.nameOf(x);
            }
        }

        /** @return {@code INTERESTED} while a callback is registered, else {@code IDLE} */
        public String state() {
            return interest.isInterested() ? "INTERESTED" : "IDLE";
        }
    }

    /** The endpoint's side: counts, per thread, the requests for read interest (OP_READ). */
    private final class CountingTarget implements FillUnderTest.Endpoint {
        @Override
        public void registerInterest() {
            switch (tags.current()) {
                case '1' -> interestOf1++;
                case '2' -> interestOf2++;
                case 'a' -> interestOfArbiter++;
                default -> interestOfSetup++;
            }
        }
    }
}
