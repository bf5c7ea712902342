package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The warm-up rule both ways: steady is warm; still falling, still varying, or too few windows is not, each saying which. */
class WarmupRuleTest {

    private final WarmupRule rule = WarmupRule.STEADY_WITHIN_5_PERCENT;

    @Test
    void aTargetWhoseCpuPerRequestHasSettledIsWarm() {
        assertEquals(Optional.empty(), rule.notWarm(List.of(300.0, 120.0, 80.0, 41.0, 40.0, 40.5)), "falling, then within 2.5%");
        assertEquals(Optional.empty(), rule.notWarm(List.of(40.0, 40.0, 40.0)), "three equal windows");
        assertEquals(Optional.empty(), rule.notWarm(List.of(39.0, 40.9, 39.5)), "noise within 5%, no fall");
        assertEquals(Optional.empty(), rule.notWarm(List.of(40.0, 40.8, 41.9)), "rising within 5% is not falling");
    }

    @Test
    void aTargetWhoseCpuPerRequestIsStillFallingIsNotWarmEvenWithinTheTolerance() {
        // 2% a window: 4% over three windows, inside the 5% spread, but still going down.
        String why = rule.notWarm(List.of(100.0, 98.0, 96.04)).orElseThrow();

        assertTrue(why.contains("still falling: 4.0% over the last 3 windows"), why);
    }

    @Test
    void aTargetWhoseCpuPerRequestStillVariesMoreThanTheToleranceIsNotWarm() {
        String falling = rule.notWarm(List.of(100.0, 97.0, 94.1)).orElseThrow();
        assertTrue(falling.contains("still varied by 6.3%"), falling);
        String spiky = rule.notWarm(List.of(20.6, 33.1, 20.2)).orElseThrow();
        assertTrue(spiky.contains("still varied by 63.9%"), spiky);
    }

    @Test
    void fewerWindowsThanTheRuleReadsIsNotWarm() {
        String why = rule.notWarm(List.of(40.0, 40.0)).orElseThrow();

        assertTrue(why.contains("only 2 window(s)"), why);
        assertTrue(rule.notWarm(List.of()).isPresent());
    }

    @Test
    void aWindowWithNoCpuReadIsNotWarm() {
        String why = rule.notWarm(List.of(40.0, 0.0, 40.0)).orElseThrow();

        assertTrue(why.contains("no CPU was read"), why);
    }

    @Test
    void aRuleWithoutAToleranceOrWithOneWindowIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WarmupRule(0, 3));
        assertThrows(IllegalArgumentException.class, () -> new WarmupRule(0.05, 1));
    }
}
