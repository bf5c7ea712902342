/**
 * The NIO selector layer: {@link io.workbench.iocore.selector.SelectorManager} and its
 * {@link io.workbench.iocore.selector.ManagedSelector}s (actions from other threads through a
 * JCTools MPSC queue, wakeups coalesced by {@link io.workbench.iocore.selector.SelectorWakeup}),
 * the {@link io.workbench.iocore.selector.SocketChannelEndPoint} that lives on a selector, the
 * {@link io.workbench.iocore.selector.ServerConnector} that accepts and the
 * {@link io.workbench.iocore.selector.ClientConnector} that connects.
 */
package io.workbench.iocore.selector;
