package io.workbench.jmh.http;

import java.nio.ByteBuffer;

/**
 * One parser, wired the way a server wires it, reading the requests in a buffer and handing each
 * to an application that reads what a router reads: the method, the target and the Host field.
 * Both implementations do exactly that and return the same digest for the same bytes, so the
 * benchmark compares the parsers and not what is asked of them.
 */
public interface RequestParsing {

    /**
     * Parses every complete request from the buffer's position to its limit, resetting the parser
     * after each, and leaves the position after the last.
     *
     * @return a digest of what the application read (the lengths of method, target and Host
     *         value, and the number of fields, summed over the requests), for the blackhole and
     *         for the test that both parsers saw the same
     */
    long parseAll(ByteBuffer requests);

    /** The parsers compared. */
    enum Parser {
        /** iocore's {@code io.workbench.iocore.http.HttpParser}. */
        IOCORE {
            @Override
            public RequestParsing create() {
                return new IocoreRequestParsing();
            }
        },
        /** Jetty 12.1's {@code org.eclipse.jetty.http.HttpParser}, the reference. */
        JETTY {
            @Override
            public RequestParsing create() {
                return new JettyRequestParsing();
            }
        };

        /** @return a new parser with its handler */
        public abstract RequestParsing create();
    }
}
