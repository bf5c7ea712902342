package io.workbench.jmh.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every encoding runs the same cycle, and loses no step when two threads race on one machine. */
class StateWordTest {

    @ParameterizedTest
    @EnumSource(StateWord.Encoding.class)
    void stepsAroundTheCycle(StateWord.Encoding encoding) {
        StateWord word = encoding.create();
        assertEquals(Phase.IDLE, word.phase());
        Phase[] expected = {Phase.WRITING, Phase.PENDING, Phase.COMPLETING, Phase.IDLE, Phase.WRITING};
        for (Phase phase : expected) {
            assertEquals(phase.ordinal(), word.advance(), encoding.name());
            assertEquals(phase, word.phase(), encoding.name());
        }
    }

    @ParameterizedTest
    @EnumSource(StateWord.Encoding.class)
    void twoThreadsRacingLoseNoStep(StateWord.Encoding encoding) throws Exception {
        StateWord word = encoding.create();
        int steps = 100_003;
        int threads = 2;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> racers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            racers.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                for (int i = 0; i < steps; i++) {
                    word.advance();
                }
            }));
        }
        go.countDown();
        for (Thread racer : racers) {
            racer.join();
        }
        // A lost or doubled step would leave the machine in another phase.
        assertEquals(Phase.of((threads * steps) % Phase.values().length), word.phase(), encoding.name());
    }

    @Test
    void theTableRefusesASkippedPhase() {
        Phase.check(Phase.IDLE.ordinal(), Phase.WRITING.ordinal());
        assertThrows(IllegalStateException.class, () -> Phase.check(Phase.IDLE.ordinal(), Phase.PENDING.ordinal()));
        assertThrows(IllegalStateException.class, () -> Phase.check(Phase.PENDING.ordinal(), Phase.WRITING.ordinal()));
    }
}
