package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.server.TargetSettings;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A virtual-thread cell runs every request on a new thread, so any buffer a server caches per
 * thread is lost with it: Undertow's default buffer pool did that, and its virtual cells ran out of
 * direct memory within seconds of load (12 buffers of 16 KiB cached, and lost, per request). Here a
 * few thousand requests must leave the JVM's direct memory about where it was.
 */
class VirtualBuffersTest {

    private static final int REQUESTS = 3_000;
    /** Far below what one cached buffer per request would take (3,000 x 16 KiB = 47 MiB), far above any fixed pool. */
    private static final long ALLOWED_GROWTH = 16L * 1024 * 1024;

    @ParameterizedTest
    @ValueSource(strings = {"undertow-handler:virtual", "undertow:virtual", "jetty:virtual", "tomcat:virtual", "iocore:virtual"})
    void requestsOnVirtualThreadsDoNotLeaveBuffersBehind(String name) throws Exception {
        Cell cell = Cell.valid().filter(each -> each.toString().equals(name)).findFirst().orElseThrow();
        try (Target target = Target.start(cell.technology(), TargetSettings.of(cell.strategy(), 0, 0))) {
            try (HttpWire wire = new HttpWire(target.port())) {
                exchange(wire, 200); // the server's own start-up buffers, before the count starts
                long before = directMemoryUsed();
                exchange(wire, REQUESTS);
                long growth = directMemoryUsed() - before;
                assertTrue(growth < ALLOWED_GROWTH, name + ": direct memory grew by " + growth + " bytes over " + REQUESTS + " requests");
            }
        }
    }

    private static void exchange(HttpWire wire, int requests) throws Exception {
        for (int i = 0; i < requests; i++) {
            wire.write(HttpWire.get("/hello"));
            assertEquals(200, wire.read().status());
        }
    }

    private static long directMemoryUsed() {
        return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct"))
                .mapToLong(BufferPoolMXBean::getMemoryUsed)
                .sum();
    }
}
