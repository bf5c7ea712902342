package io.workbench.loadgen.pacing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PacerTest {

    @Test
    void neverReturnsBeforeTheIntendedTimeParkingOrSpinning() {
        for (Pacer pacer : new Pacer[] {new Pacer(0), new Pacer(100_000)}) {
            long start = System.nanoTime();
            for (int i = 0; i < 200; i++) {
                long deadline = start + i * 37_000L;
                long returned = pacer.awaitUntil(deadline);
                assertTrue(returned - deadline >= 0, pacer + ": returned " + (deadline - returned) + " ns early");
                assertTrue(System.nanoTime() - deadline >= 0);
            }
        }
    }

    @Test
    void aTimeAlreadyPastReturnsAtOnce() {
        Pacer pacer = new Pacer(0);
        long past = System.nanoTime() - TimeUnit.SECONDS.toNanos(1);
        long returned = pacer.awaitUntil(past);
        assertTrue(returned - past >= TimeUnit.SECONDS.toNanos(1));
    }

    @Test
    void cancelEndsAWaitAndEveryLaterOne() throws InterruptedException {
        Pacer pacer = new Pacer(0);
        Thread waiter = new Thread(() -> pacer.awaitUntil(System.nanoTime() + TimeUnit.MINUTES.toNanos(10)));
        waiter.start();
        Thread.sleep(50);
        pacer.cancel();
        waiter.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(waiter.isAlive(), "a cancelled wait returns");
        long far = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        assertTrue(pacer.awaitUntil(far) - far < 0, "a later wait returns at once");
    }
}
