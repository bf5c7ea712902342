package io.workbench.loadgen.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Waiting requests in arrival order, with room at the front for one sent again; checked against a deque as the ring wraps and grows. */
class SlotQueueTest {

    @Test
    void behavesAsADequeThroughWrapsAndGrowth() {
        SlotQueue queue = new SlotQueue();
        ArrayDeque<Integer> expected = new ArrayDeque<>();
        SplittableRandom random = new SplittableRandom(3);
        for (int step = 0; step < 10_000; step++) {
            int op = random.nextInt(10);
            if (op < 5) {
                queue.addLast(step);
                expected.addLast(step);
            } else if (op < 6) {
                queue.addFirst(step);
                expected.addFirst(step);
            } else if (!expected.isEmpty()) {
                assertEquals(expected.removeFirst(), queue.removeFirst());
            }
            assertEquals(expected.size(), queue.size());
        }
        while (!expected.isEmpty()) {
            assertEquals(expected.removeFirst(), queue.removeFirst());
        }
        assertThrows(IllegalStateException.class, queue::removeFirst);
    }
}
