package io.workbench.targets.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.hello.Strategy;
import java.time.Duration;
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
        assertEquals(100, TargetSettings.of(Strategy.IN_PLACE, 0, 0).maxProcessingThreads());
    }

    @Test
    void testsMayShrinkThePoolsAndTheIdleTimeoutButNotToNothing() {
        TargetSettings small = TargetSettings.of(Strategy.SYNC, 0, 0).withThreadLimits(16, 8).withIdleTimeout(Duration.ofSeconds(1));
        assertEquals(16, small.maxProcessingThreads());
        assertEquals(8, small.withPort(0).asyncThreads());
        assertEquals(Duration.ofSeconds(1), small.idleTimeout());
        assertEquals(16, small.withPort(8080).withSweepMillis(10).withHost("127.0.0.2").blockingThreads(), "kept by every copy");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> small.withThreadLimits(0, 8)).getMessage()
                .contains("thread limits"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> small.withThreadLimits(8, 0)).getMessage()
                .contains("thread limits"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> small.withIdleTimeout(Duration.ZERO)).getMessage()
                .contains("idle timeout"));
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

    @Test
    void theStreamHighWaterMarkIs896KiBUnlessGiven_from1ByteTo64MiB() {
        TargetSettings settings = TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0);
        assertEquals(917_504, settings.streamHighWater());
        assertEquals(1, settings.withStreamHighWater(1).streamHighWater());
        assertEquals(64 << 20, settings.withStreamHighWater(64 << 20).streamHighWater());
        assertEquals(65_536, settings.withStreamHighWater(1).withPort(80).withHost("127.0.0.2").withSweepMillis(10)
                .withStreamHighWater(65_536).streamHighWater());
        assertEquals(7, settings.withStreamHighWater(7).withPort(80).withHost("127.0.0.2").withSweepMillis(10)
                .streamHighWater(), "the other copies keep it");
        assertEquals("the stream high-water mark must be in [1, 67108864] bytes, was 0",
                assertThrows(IllegalArgumentException.class, () -> settings.withStreamHighWater(0)).getMessage());
        assertEquals("the stream high-water mark must be in [1, 67108864] bytes, was 67108865",
                assertThrows(IllegalArgumentException.class, () -> settings.withStreamHighWater((64 << 20) + 1)).getMessage());
    }
}
