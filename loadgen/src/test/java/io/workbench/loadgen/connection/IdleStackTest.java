package io.workbench.loadgen.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The idle stack: most recently pushed first, and nothing lost or doubled when many threads push while one pops. */
class IdleStackTest {

    private static LoadConnection connection(int index) {
        // The stack never looks at the client connection: none is needed here.
        return new LoadConnection(null, index);
    }

    @Test
    void popsTheMostRecentlyPushedFirst() {
        IdleStack stack = new IdleStack();
        LoadConnection a = connection(1);
        LoadConnection b = connection(2);
        LoadConnection c = connection(3);
        stack.push(a);
        stack.push(b);
        stack.push(c);
        assertSame(c, stack.pop());
        stack.push(c);
        assertSame(c, stack.pop());
        assertSame(b, stack.pop());
        assertSame(a, stack.pop());
        assertNull(stack.pop());
        assertTrue(stack.isEmpty());
    }

    /** Four pushers, one popper that pushes back what it pops half the time: every connection ends in the stack exactly once. */
    @Test
    void concurrentPushesWithOnePopperLoseNothingAndDoubleNothing() throws InterruptedException {
        IdleStack stack = new IdleStack();
        int perThread = 50_000;
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> pushers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int base = t * perThread;
            Thread pusher = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException x) {
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    stack.push(connection(base + i));
                }
            });
            pusher.start();
            pushers.add(pusher);
        }
        Set<LoadConnection> popped = new HashSet<>();
        start.countDown();
        boolean pushing = true;
        int round = 0;
        while (pushing || !stack.isEmpty()) {
            pushing = pushers.stream().anyMatch(Thread::isAlive);
            LoadConnection next = stack.pop();
            if (next != null) {
                if (round++ % 2 == 0) {
                    stack.push(next);
                } else {
                    assertTrue(popped.add(next), "popped twice: " + next);
                }
            }
        }
        for (Thread pusher : pushers) {
            pusher.join();
        }
        LoadConnection rest;
        while ((rest = stack.pop()) != null) {
            assertTrue(popped.add(rest), "popped twice: " + rest);
        }
        assertEquals(threads * perThread, popped.size());
    }
}
