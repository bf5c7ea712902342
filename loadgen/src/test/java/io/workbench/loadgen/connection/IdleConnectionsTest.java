package io.workbench.loadgen.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A loop's idle connections: most or least recently used first, each in at most once, a closed one dropped when it comes up. */
class IdleConnectionsTest {

    private static LoopConnection[] connections(int n) {
        LoopConnection[] all = new LoopConnection[n];
        for (int i = 0; i < n; i++) {
            all[i] = new LoopConnection(null, i, 0);
        }
        return all;
    }

    @Test
    void lifoTakesTheMostRecentlyUsedAndFifoTheLeast() {
        LoopConnection[] a = connections(40);
        LoopConnection[] b = connections(40);
        IdleConnections lifo = new IdleConnections(IdleOrder.LIFO);
        IdleConnections fifo = new IdleConnections(IdleOrder.FIFO);
        for (int i = 0; i < 40; i++) {
            lifo.add(a[i]);
            fifo.add(b[i]);
        }
        assertEquals(40, lifo.size());
        for (int i = 0; i < 40; i++) {
            assertSame(a[39 - i], lifo.poll());
            assertSame(b[i], fifo.poll());
        }
        assertNull(lifo.poll());
        assertNull(fifo.poll());
    }

    @Test
    void aConnectionIsInAtMostOnceAndAClosedOneIsDropped() {
        LoopConnection[] c = connections(3);
        IdleConnections idle = new IdleConnections(IdleOrder.FIFO);
        idle.add(c[0]);
        idle.add(c[0]);
        idle.add(c[1]);
        idle.add(c[2]);
        assertEquals(3, idle.size());
        c[1].markClosed();
        assertSame(c[0], idle.poll());
        assertSame(c[2], idle.poll(), "the closed one is skipped");
        assertNull(idle.poll());
        idle.add(c[0]);
        assertSame(c[0], idle.poll(), "taken out, it may go in again");
    }
}
