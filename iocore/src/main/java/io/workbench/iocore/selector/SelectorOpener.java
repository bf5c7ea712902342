package io.workbench.iocore.selector;

import java.io.IOException;
import java.nio.channels.Selector;

/**
 * Where a {@link ManagedSelector} gets its {@link Selector}, when it starts and each time it
 * rebuilds a failing one. The system's by default; tests open selectors that fail on demand.
 */
@FunctionalInterface
interface SelectorOpener {

    /** The platform's selector ({@code epoll} on Linux). */
    SelectorOpener SYSTEM = Selector::open;

    Selector open() throws IOException;
}
