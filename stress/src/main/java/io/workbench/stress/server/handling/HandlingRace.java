package io.workbench.stress.server.handling;

import io.workbench.iocore.http.server.HandlingState;
import java.util.function.BooleanSupplier;

/**
 * One jcstress iteration of a race on a connection's handling state: a state of the variant this
 * VM runs ({@link HandlingUnderTest#create}), driven as the server connection drives it, with no
 * handler behind it. Every call returns what the outcome shows: what it returned, or the name of
 * the exception it threw (a transition the machine refuses, a completion it did not expect).
 */
public final class HandlingRace {

    private final HandlingUnderTest state = HandlingUnderTest.create();

    /** The connection hands a request to the handler. */
    public String dispatch() {
        try {
            state.dispatch();
            return "ok";
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }

    /** The handler returned from handle(). @return whether this thread carries on with the connection */
    public String handled() {
        return call(state::handled);
    }

    /** The exchange completed: callback completed, response written. @return whether this thread carries on */
    public String completed() {
        return call(state::completed);
    }

    /** @return the state's name, e.g. {@code IDLE} */
    public String state() {
        return HandlingState.name(state.get());
    }

    private static String call(BooleanSupplier call) {
        try {
            return String.valueOf(call.getAsBoolean());
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }
}
