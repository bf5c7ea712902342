package io.workbench.fuzz.diff;

import io.workbench.fuzz.StreamOutcome;

/** One parser of request streams, as the differential runs it: a whole stream in, what it understood out. */
public interface RequestStreamReader {

    /** @return the parser's name in reports: iocore, jetty, netty */
    String name();

    /** Reads {@code stream} whole, then the end of the input (the client closed). */
    StreamOutcome read(byte[] stream);
}
