package io.workbench.targets.hello;

/**
 * How a servlet container writes a response body: the one choice the Servlet API leaves to the
 * application. Native servers (iocore, Jetty's core handlers, Netty, Undertow's handlers) always
 * write their own non-blocking way and ignore it.
 */
public enum WriteMode {

    /** {@code ServletOutputStream.write} on the calling thread, which waits while the client does not read. */
    BLOCKING,

    /**
     * Servlet 3.1's {@code WriteListener}: the body is written only while {@code isReady()} is
     * true and continues in {@code onWritePossible()}; no thread waits for the client.
     */
    NON_BLOCKING
}
