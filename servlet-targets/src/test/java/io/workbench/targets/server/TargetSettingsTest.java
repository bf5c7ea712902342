package io.workbench.targets.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.hello.Strategy;
import org.junit.jupiter.api.Test;

class TargetSettingsTest {

    @Test
    void theSeedsSettingsAreTheDefaults() {
        TargetSettings settings = TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0);
        assertEquals("127.0.0.1", settings.host());
        assertEquals(10_000, settings.backlog());
        assertTrue(settings.tcpNoDelay());
        assertTrue(settings.reuseAddress());
        assertEquals(Runtime.getRuntime().availableProcessors(), settings.ioThreads());
    }

    @Test
    void threadLimitsAreBiasedTowardsStrategiesThatBlock() {
        assertEquals(100, TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0).maxProcessingThreads());
        assertEquals(10_000, TargetSettings.of(Strategy.SYNC, 0, 0).maxProcessingThreads());
    }

    @Test
    void portAndWaitOutsideTheirRangesAreRefusedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TargetSettings.of(Strategy.ASYNC_COMPLETE, 65_536, 0))
                .getMessage().contains("port"));
        assertThrows(IllegalArgumentException.class, () -> TargetSettings.of(Strategy.ASYNC_COMPLETE, -1, 0));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, -5))
                .getMessage().contains("wait"));
        assertEquals(8080, TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0).withPort(8080).port());
    }
}
