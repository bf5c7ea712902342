package io.workbench.iocore.io;

/** Makes the {@link Connection} for a freshly accepted or connected {@link EndPoint}. */
@FunctionalInterface
public interface ConnectionFactory {

    /**
     * Called on the endpoint's selector thread, before {@link Connection#onOpen()}; must not block.
     *
     * @return the connection, whose {@link Connection#getEndPoint()} is {@code endPoint}
     */
    Connection newConnection(EndPoint endPoint);
}
