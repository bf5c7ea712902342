package io.workbench.targets.server;

import java.util.List;

/**
 * What a server technology says about itself in one cell's card ({@link CellCard}): the threads
 * it runs, the buffers it reads and writes with, how it applies the idle timeout, and where it
 * departs from the 2016 study's settings and why. Written in words that hold on any machine ("one
 * per available processor", not a count), so that the documentation generated from them does too;
 * where a library's default is the fact, it is read from the library, not copied.
 *
 * @param ioThreads   the threads that select or read: how many, and what else they do (accept)
 * @param workers     the server's own pool that handlers may run on, or what stands for it
 * @param buffers     sizes and kinds (heap or direct) of the buffers requests are read into and responses written from
 * @param idleTimeout which of the server's settings carry the shared idle timeout
 * @param deviations  where this server, for this strategy, departs from the study's settings, and why
 */
public record CellFacts(String ioThreads, String workers, String buffers, String idleTimeout, List<String> deviations) {

    public CellFacts {
        deviations = List.copyOf(deviations);
    }
}
