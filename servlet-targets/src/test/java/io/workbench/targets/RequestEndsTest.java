package io.workbench.targets;

import io.workbench.targets.RequestEndChecks.Check;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every way a request ends, on every cell, and what the idle timeout means there. A counted request
 * ends once, however it ends, and leaves nothing in flight: answered (after a wait longer than the
 * idle timeout: a request the handler holds is never idle), failed by its handler, ended by an
 * exception its handler threw (on the handling thread, the timer or a pool), ended by its client
 * going away, ended by the idle timeout (a stream the client stops taking), or ended by the server's
 * stop. And with a one-second idle timeout: a connection on which nothing is read or written for
 * that long is closed when the server waits for the client (for a request, or for it to take a
 * response); a stream that never stops moving is never idle, however long it lasts and however
 * little the client sends.
 *
 * <p>Every check waits on the clock, seconds per cell and almost no CPU: one cell after the other
 * they took four minutes of the build. So the cells are checked side by side, {@value #CELLS_AT_ONCE}
 * at a time, as soon as the class starts, each on a server of its own and its checks in order
 * ({@link RequestEndChecks}); each test here waits for its cell and reports one check's outcome.
 * Nothing else runs meanwhile: the class ends only once every cell's checks have.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.workbench.targets.Cell#valid")
class RequestEndsTest {

    static final int CELLS_AT_ONCE = 8;
    /** Far more than a cell's checks take (under 20 s), and bounded: a server that hangs fails its cell. */
    static final long CELL_TIMEOUT_SECONDS = 120;

    private static ExecutorService pool;
    private static final Map<Cell, Future<Map<Check, Throwable>>> RUNS = new ConcurrentHashMap<>();

    @Parameter
    Cell cell;

    @BeforeAll
    static void checkEveryCellSideBySide() {
        pool = Executors.newFixedThreadPool(CELLS_AT_ONCE);
        Cell.valid().forEach(cell -> RUNS.put(cell, pool.submit(() -> RequestEndChecks.run(cell))));
    }

    @AfterAll
    static void stopThePool() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(CELL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        RUNS.clear();
    }

    @Test
    void aRequestTheHandlerHoldsLongerThanTheIdleTimeoutIsAnsweredAndCountedOnce() throws Throwable {
        report(Check.HELD_REQUEST);
    }

    @Test
    void aConnectionWaitingForItsNextRequestIsClosed() throws Throwable {
        report(Check.IDLE_CONNECTION);
    }

    @Test
    void aStreamToASlowReaderOutlastingTheIdleTimeoutIsWrittenWhole() throws Throwable {
        report(Check.STREAM_TO_SLOW_READER);
    }

    @Test
    void aStreamTheClientStopsTakingIsClosedAndEnds() throws Throwable {
        report(Check.STREAM_NOT_TAKEN);
    }

    @Test
    void aRequestItsHandlerFailsEndsCountedOnce() throws Throwable {
        report(Check.HANDLER_FAILURE);
    }

    @Test
    void aRequestWhoseHandlerThrowsEndsCountedOnce() throws Throwable {
        report(Check.HANDLER_EXCEPTION);
    }

    @Test
    void aRequestWhoseClientWentAwayEndsCountedOnce() throws Throwable {
        report(Check.CLIENT_GONE);
    }

    @Test
    void theServersStopEndsEveryRequestAndStreamStillInFlightCountedOnce() throws Throwable {
        report(Check.SERVER_STOP);
    }

    /** Waits for the cell's checks and fails as its {@code check} failed, if it did. */
    private void report(Check check) throws Throwable {
        Throwable failure = RUNS.get(cell).get(CELL_TIMEOUT_SECONDS, TimeUnit.SECONDS).get(check);
        if (failure != null) {
            throw failure;
        }
    }
}
