package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.TargetSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --sweep-ms}: with the study's sweep on, the parked requests are handed off from the sweep's
 * own timer thread, not the thread that handled them: an {@code AsyncContext.dispatch()}, a
 * {@code WriteListener} set, a batch queued or a send from a foreign thread. One asynchronous cell
 * of each kind of server answers {@code /hello} (with and without a wait, several at once) and
 * {@code /stream} through it.
 */
class SweepTest {

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
}
