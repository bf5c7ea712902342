package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.iocore.http.client.IdleClosingServer;
import io.workbench.loadgen.schedule.ArrivalSchedule;
import io.workbench.loadgen.schedule.Arrivals;
import io.workbench.loadgen.schedule.OpenSchedule;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that closes keep-alive connections idle for 100 ms, loaded at about 50 requests per
 * second per connection: the generator sees the closes before it sends (the connection leaves its
 * idle set, and a new one is opened), and no request reaches the server twice. A request written
 * in the instant the server's FIN was on its way would fail as closed, counted, never sent again
 * (the server may have read it); one the server reset before it was written is sent again
 * (AccountingTest proves that one, holding the loop across the reset).
 */
class StaleConnectionsTest {

    @TempDir
    Path tmp;

    @Test
    void staleKeepAliveConnectionsCostRetriesNeverErrors() throws Exception {
        try (IdleClosingServer server = new IdleClosingServer(100)) {
            String url = "http://127.0.0.1:" + server.address().getPort() + "/hello";
            // One connection at 50 requests per second (a Poisson process): a gap of over 100 ms comes about
            // once in 150 requests. The first seed whose schedule has two gaps of over 130 ms (well past the
            // server's 100 ms, whatever the timing of this machine) is the one run.
            long seed = 1;
            while (gapsOver(seed, LONG_GAP) < 2) {
                seed++;
            }
            long longGaps = gapsOver(seed, LONG_GAP);
            Runs.Run run = Runs.load(tmp, url, "--rate", "50", "--requests", String.valueOf(REQUESTS), "--seed", String.valueOf(seed),
                    "--preconnect", "1", "--max-connections", "1", "--timeout", "5s", "--lag-limit", "50ms");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            long errors = requests.get("errors").asLong();
            JsonNode kinds = requests.get("errorsByKind");
            assertEquals(errors, kinds.get("closed").asLong() + kinds.get("reset").asLong(),
                    "a request written as the server closed is closed or reset, nothing else: " + requests);
            assertTrue(errors <= 2, "the loop sees the server's closes before it sends, but for a rare instant: " + requests);
            assertEquals(REQUESTS, requests.get("ok").asLong() + errors, requests.toString());
            assertTrue(run.summary().get("connections").get("opened").asLong() > longGaps,
                    "the server closed the idle connection after each long gap, and the run opened a new one: "
                            + run.summary().get("connections"));
            assertEquals(requests.get("ok").asLong(), server.requests(), "the server answered each answered request once, and no other");
        }
    }

    private static final int REQUESTS = 400;
    private static final long LONG_GAP = TimeUnit.MILLISECONDS.toNanos(130);

    /** @return the gaps of the seeded schedule the run replays that are longer than {@code nanos} */
    private static long gapsOver(long seed, long nanos) {
        OpenSchedule schedule = new OpenSchedule(50, Arrivals.EXPONENTIAL, 0, 0, REQUESTS, 0, seed);
        long previous = schedule.next();
        long count = 0;
        long next;
        while ((next = schedule.next()) != ArrivalSchedule.END) {
            if (next - previous > nanos) {
                count++;
            }
            previous = next;
        }
        return count;
    }
}
