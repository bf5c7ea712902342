package io.workbench.mainjob.suite;

import java.io.IOException;
import java.util.List;

/**
 * How target and generator reach each other: where their JVMs run, which address the target
 * listens on, how the generator binds, and how the runner reads the target's {@code /stats}.
 * Closing it removes whatever it built.
 */
public interface Network extends AutoCloseable {

    /** Goes before the target's (pinned) command line, e.g. {@code ip netns exec NS}; empty on loopback. */
    List<String> targetPrefix();

    /** Goes before the generator's (pinned) command line. */
    List<String> loadPrefix();

    /** Added to the target command's arguments, e.g. {@code --host ADDR}. */
    List<String> targetArguments();

    /** The load command's {@code --source-addresses}: several on loopback, 1 (the kernel chooses) elsewhere. */
    int sourceAddresses();

    /** A probe of the target at {@code url} that works from where the runner is. */
    TargetStatsProbe probe(String url) throws IOException;

    /** For the report: the mode first ({@code loopback} or {@code netns}), then how. */
    String description();

    @Override
    void close();
}
