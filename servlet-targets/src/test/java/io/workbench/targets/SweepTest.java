package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.hello.StreamStats;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.TargetSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --sweep-ms}: with the study's sweep on, the parked requests are handed off from the sweep's
 * own timer thread, not the thread that handled them: an {@code AsyncContext.dispatch()}, a
 * {@code WriteListener} set, a batch queued or a send from a foreign thread. One asynchronous cell
 * of each kind of server answers {@code /hello} (with and without a wait, several at once) and
 * {@code /stream} through it. And on every asynchronous cell, a client that goes away while its
 * requests are parked leaves nothing in flight: the hand-off then finds a connection already closed.
 */
class SweepTest {

    /** Long enough for a client to connect, send and close before its requests are handed off. */
    private static final long LONG_SWEEP_MILLIS = 400;

    static Stream<Cell> asynchronousCells() {
        return Cell.valid().filter(cell -> cell.strategy().isAsynchronous());
    }

    @ParameterizedTest
    @ValueSource(strings = {"iocore:async-complete", "jetty-handler:async-dispatch", "jetty:async-complete",
        "tomcat:write-listener", "undertow:async-dispatch", "undertow-handler:async-queue", "tomcat:async-queue"})
    void sweptRequestsAreAnsweredWhateverThreadHandsThemOff(String name) throws Exception {
        Cell cell = Cell.valid().filter(each -> each.toString().equals(name)).findFirst().orElseThrow();
        Strategy strategy = cell.strategy();
        try (Target target = Target.start(cell.technology(), TargetSettings.of(strategy, 0, 0).withSweepMillis(20))) {
            List<CompletableFuture<String>> answers = new ArrayList<>();
            for (String path : List.of("/hello", "/hello?wait=30", "/hello", "/hello?wait=5")) {
                answers.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return HelloTargetContractTest.get(target, path).body();
                    } catch (Exception failed) {
                        throw new IllegalStateException(failed);
                    }
                }));
            }
            for (CompletableFuture<String> answer : answers) {
                assertEquals("hello", answer.get(30, TimeUnit.SECONDS));
            }
            try (HttpWire wire = new HttpWire(target.port())) {
                wire.write(HttpWire.get("/stream?bytes=300000"));
                HttpWire.Response stream = wire.read();
                assertEquals(300_000, stream.bodyBytes().length);
                for (int i = 0; i < stream.bodyBytes().length; i += 1009) {
                    assertEquals(i % 251, stream.bodyBytes()[i] & 0xff);
                }
            }
            HelloTargetContractTest.awaitTrue(() -> target.stats().completedCount() == 4, "4 completed: " + target.stats());
        }
    }

    /**
     * A {@code /stream} and a {@code /hello} whose client closes the connection right after sending,
     * well within the sweep period: when the sweep hands them off the server has seen the close (or
     * sees it at its first write), and both must end, counted, with nothing left in flight.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("asynchronousCells")
    void aClientGoneBeforeTheSweepLeavesNothingInFlight(Cell cell) throws Exception {
        try (Target target = Target.start(cell.technology(),
                TargetSettings.of(cell.strategy(), 0, 0).withSweepMillis(LONG_SWEEP_MILLIS))) {
            RequestStats stats = target.stats();
            StreamStats streams = target.streamStats();
            for (String request : List.of("/stream?bytes=4000000", "/hello?wait=50")) {
                try (HttpWire wire = new HttpWire(target.port())) {
                    wire.write(HttpWire.get(request));
                }
            }
            HelloTargetContractTest.awaitTrue(() -> streams.startedCount() == 1 && stats.startedCount() == 1,
                    cell + ": both requests reached the handler: " + streams + " " + stats);
            HelloTargetContractTest.awaitTrue(() -> streams.inFlightCount() == 0, cell + ": the stream ended: " + streams);
            HelloTargetContractTest.awaitTrue(() -> stats.inFlightCount() == 0, cell + ": the hello ended: " + stats);
            assertEquals(1, streams.completedCount(), cell + ": " + streams);
            assertEquals(1, stats.completedCount(), cell + ": " + stats);
        }
    }
}
