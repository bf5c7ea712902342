package io.workbench.stress.selector.shut;

import io.workbench.iocore.selector.EndPointWords;

/**
 * The real shut word: the endpoint's own superclass, with nothing else of the endpoint, driven
 * through {@link ShutUnderTest}. The build also copies this class beside each generated copy of
 * EndPointWords for this machine (the control and every mutant), where the same code drives the
 * copy; so it names EndPointWords only through its import, and answers shutOutput() by the name of
 * its OutputShut constant (a copy's enum is its own).
 */
final class RealShutWord extends EndPointWords implements ShutUnderTest {

    @Override
    public boolean endOfInput() {
        return shutInput();
    }

    @Override
    public String outputShutdown() {
        return shutOutput().name();
    }

    @Override
    public boolean tryClose() {
        return markClosed();
    }

    @Override
    public int word() {
        return shutWord();
    }
}
