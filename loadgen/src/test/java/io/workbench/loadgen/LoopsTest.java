package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several generator loops ({@code --threads N}) share one schedule and account for every request
 * exactly as one loop does: the same seed gives the same arrivals, split over the loops, and each
 * loop counts, records and ends its own.
 */
class LoopsTest {

    @TempDir
    Path tmp;

    @Test
    void threeLoopsAccountForEveryRequestAsOneDoes() {
        try (LoadTarget target = new LoadTarget()) {
            Runs.Run one = Runs.load(tmp.resolve("one"), target.url("/hello"), "--rate", "1500", "--requests", "3000", "--warmup", "300ms",
                    "--seed", "9", "--lag-limit", "50ms");
            long afterOne = target.requests();
            Runs.Run three = Runs.load(tmp.resolve("three"), target.url("/hello"), "--rate", "1500", "--requests", "3000", "--warmup", "300ms",
                    "--seed", "9", "--threads", "3", "--lag-limit", "50ms");
            long byThree = target.requests() - afterOne;
            for (Runs.Run run : new Runs.Run[] {one, three}) {
                assertEquals(0, run.exitCode(), run.toString());
                run.assertAccounting();
            }
            JsonNode a = one.summary();
            JsonNode b = three.summary();
            assertEquals(3, b.get("generator").get("threads").asInt());
            for (String phase : new String[] {"requests", "warmup"}) {
                assertEquals(a.get(phase).get("scheduled").asLong(), b.get(phase).get("scheduled").asLong(), phase);
                assertEquals(a.get(phase).get("sent").asLong(), b.get(phase).get("sent").asLong(), phase);
                assertEquals(a.get(phase).get("ok").asLong(), b.get(phase).get("ok").asLong(), phase);
            }
            assertEquals(3000, b.get("requests").get("ok").asLong());
            assertEquals(b.get("requests").get("sent").asLong() + b.get("warmup").get("sent").asLong(), byThree,
                    "the target saw each request once");
            assertEquals(a.get("scheduledRate").asDouble(), b.get("scheduledRate").asDouble(), 1e-6, "the same arrival times");
            assertEquals(3000, three.histogram("intended-to-end").getTotalCount(), "the loops' intervals add up");
            assertTrue(b.get("connections").get("opened").asLong() >= 3, "each loop opened its own: " + b.get("connections"));
        }
    }
}
