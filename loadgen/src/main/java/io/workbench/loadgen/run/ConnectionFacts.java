package io.workbench.loadgen.run;

import io.workbench.loadgen.connection.DescriptorLimit;
import java.util.List;

/**
 * What a run's connections came to.
 *
 * @param opened                 connections opened in the whole run
 * @param maxOpen                the most open at once
 * @param connectFailures        connects that failed
 * @param descriptorLimitReached what happened when the descriptor limit was reached, or null
 * @param descriptors            the descriptor limit read at start
 * @param openedPerSource        connections opened from each source address
 * @param maxAllowed             the connection cap
 */
public record ConnectionFacts(long opened, int maxOpen, long connectFailures, String descriptorLimitReached,
                              DescriptorLimit descriptors, List<Integer> openedPerSource, int maxAllowed) {

    public ConnectionFacts {
        openedPerSource = List.copyOf(openedPerSource);
    }
}
