package io.workbench.targets;

import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.servlet.ServletCells;
import java.util.Arrays;
import java.util.stream.Stream;

/** One cell of the target matrix, named as on the command line ({@code jetty:async-complete}). */
record Cell(ServerTechnology technology, Strategy strategy) {

    /** Every cell some server runs, server by server in catalog order, strategies in matrix order. */
    static Stream<Cell> valid() {
        return ServerCatalog.all().stream().flatMap(technology -> technology.strategies().stream()
                .sorted()
                .map(strategy -> new Cell(technology, strategy)));
    }

    /** Every cell the matrix refuses. */
    static Stream<Cell> refused() {
        return ServerCatalog.all().stream().flatMap(technology -> Arrays.stream(Strategy.values())
                .filter(strategy -> !technology.strategies().contains(strategy))
                .map(strategy -> new Cell(technology, strategy)));
    }

    /** True for the three servlet containers, which run the shared HelloServlet. */
    boolean servlet() {
        return technology.strategies().equals(ServletCells.STRATEGIES);
    }

    /** True if a platform thread of the server is held for each waiting request (the pool is not virtual). */
    boolean holdsAPlatformThreadPerWait() {
        return strategy.blocksThread() && !strategy.onVirtualThreads();
    }

    /** True if the stream of this cell is written by blocking {@code ServletOutputStream.write} on a platform thread. */
    boolean blocksAPlatformThreadPerStream() {
        return servlet() && (strategy == Strategy.SYNC || strategy == Strategy.ASYNC_DISPATCH);
    }

    @Override
    public String toString() {
        return technology.name() + ":" + strategy.cliName();
    }
}
