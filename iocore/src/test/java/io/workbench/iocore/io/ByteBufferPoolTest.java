package io.workbench.iocore.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ByteBufferPoolTest {

    @Test
    void releasedBuffersAreReusedClearedAndCounted() {
        ByteBufferPool pool = new ByteBufferPool(true, 64 * 1024, 4);
        ByteBuffer first = pool.acquire(3000);
        assertEquals(4096, first.capacity(), "rounded up to the size class");
        assertTrue(first.isDirect());
        first.put((byte) 1).flip();
        assertEquals(1, pool.getOutstanding());
        pool.release(first);
        assertEquals(0, pool.getOutstanding());
        ByteBuffer again = pool.acquire(4096);
        assertSame(first, again);
        assertEquals(0, again.position());
        assertEquals(4096, again.limit());
        assertEquals(1, pool.getAllocated());
    }

    @Test
    void oversizedRequestsAreAllocatedAndNotKept() {
        ByteBufferPool pool = new ByteBufferPool(false, 1024, 4);
        ByteBuffer big = pool.acquire(5000);
        assertEquals(5000, big.capacity());
        pool.release(big);
        assertEquals(0, pool.getOutstanding());
        assertTrue(pool.acquire(5000) != big);
    }

    @Test
    void badSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ByteBufferPool(true, 1000, 4));
        assertThrows(IllegalArgumentException.class, () -> new ByteBufferPool(true, 1024, 1));
        assertThrows(IllegalArgumentException.class, () -> new ByteBufferPool().acquire(-1));
    }
}
