package io.workbench.stress.server.handling;

import io.workbench.iocore.http.server.HandlingState;

/**
 * The real HandlingState, driven through {@link HandlingUnderTest}. The build also copies this
 * class beside each generated copy of HandlingState (the control and every mutant), where the same
 * code drives the copy; so it names HandlingState only through its import.
 */
final class RealHandling implements HandlingUnderTest {

    private final HandlingState state = new HandlingState();

    @Override
    public void dispatch() {
        state.dispatch();
    }

    @Override
    public boolean handled() {
        return state.handled();
    }

    @Override
    public boolean completed() {
        return state.completed();
    }

    @Override
    public int get() {
        return state.get();
    }
}
