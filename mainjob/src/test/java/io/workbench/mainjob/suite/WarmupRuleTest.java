package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The warm-up rule both ways: steady is warm; still falling, still rising, or too few windows is not, each saying which. */
class WarmupRuleTest {

    private final WarmupRule rule = WarmupRule.STEADY_WITHIN_5_PERCENT;

    @Test
    void aTargetWhoseCpuPerRequestHasSettledIsWarm() {
        assertEquals(Optional.empty(), rule.notWarm(List.of(300.0, 120.0, 80.0, 41.0, 40.0, 40.5, 40.2, 39.8, 40.6)),
                "falling, then within 2.5%");
        assertEquals(Optional.empty(), rule.notWarm(List.of(40.0, 40.0, 40.0, 40.0, 40.0, 40.0)), "six equal windows");
        assertEquals(Optional.empty(), rule.notWarm(List.of(39.0, 40.9, 39.5, 40.1, 39.2, 40.3)), "noise within 5%");
    }

    @Test
    void aNoisyTargetWithoutATrendIsWarm() {
        // jetty:sync's overhead warm-up on the quick profile: windows 15-30% apart, no trend.
        assertEquals(Optional.empty(), rule.notWarm(List.of(37.4, 46.5, 39.0, 37.1, 36.5, 52.3)));
    }

    @Test
    void aTargetWhoseCpuPerRequestIsStillFallingIsNotWarm() {
        // 2% a window: each window within 5% of the next, but a block of three 5.9% below the three before.
        String why = rule.notWarm(List.of(100.0, 98.0, 96.04, 94.12, 92.24, 90.39)).orElseThrow();
        assertTrue(why.contains("still falling: the last 3 windows' mean 5.9% below the 3 before"), why);
        // iocore's all-at-once warm-up: noisy and still falling.
        assertTrue(rule.notWarm(List.of(35.8, 29.4, 32.1, 32.1, 27.1, 23.8)).orElseThrow().contains("falling"));
    }

    @Test
    void aTargetWhoseCpuPerRequestRoseIsNotWarm() {
        String why = rule.notWarm(List.of(20.0, 20.0, 20.0, 24.0, 24.0, 24.0)).orElseThrow();
        assertTrue(why.contains("still rising: the last 3 windows' mean 20.0% above the 3 before"), why);
    }

    @Test
    void fewerWindowsThanTheRuleReadsIsNotWarm() {
        String why = rule.notWarm(List.of(40.0, 40.0, 40.0, 40.0, 40.0)).orElseThrow();

        assertTrue(why.contains("only 5 window(s) of its CPU per request, 6 needed"), why);
        assertTrue(rule.notWarm(List.of()).isPresent());
    }

    @Test
    void aWindowWithNoCpuReadIsNotWarm() {
        String why = rule.notWarm(List.of(40.0, 40.0, 40.0, 40.0, 0.0, 40.0)).orElseThrow();

        assertTrue(why.contains("no CPU was read"), why);
    }

    @Test
    void aRuleWithoutAToleranceOrWithOneWindowIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WarmupRule(0, 3));
        assertThrows(IllegalArgumentException.class, () -> new WarmupRule(0.05, 1));
    }
}
