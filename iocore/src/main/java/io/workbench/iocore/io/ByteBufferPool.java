package io.workbench.iocore.io;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.LongAdder;
import org.jctools.queues.MpmcArrayQueue;

/**
 * Reusable buffers in power-of-two size classes, so that a connection's read and write buffers
 * cost no allocation per request. Each class is a bounded lock-free JCTools queue; a buffer
 * released into a full class is left to the garbage collector rather than blocking anyone.
 *
 * <p>It counts buffers out and back, so a test can assert that a connection gave back every
 * buffer it took ({@link #getOutstanding()} returns to its baseline).
 */
public final class ByteBufferPool {

    private static final int MIN_SHIFT = 10;

    private final boolean direct;
    private final int maxCapacity;
    private final MpmcArrayQueue<ByteBuffer>[] classes;
    private final LongAdder acquired = new LongAdder();
    private final LongAdder released = new LongAdder();
    private final LongAdder allocated = new LongAdder();

    /**
     * @param direct      direct buffers (no copy in socket I/O) or heap buffers
     * @param maxCapacity the largest pooled capacity; larger requests are allocated and not kept
     * @param maxRetained how many free buffers each size class keeps at most
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public ByteBufferPool(boolean direct, int maxCapacity, int maxRetained) {
        if (maxCapacity < 1 << MIN_SHIFT || Integer.bitCount(maxCapacity) != 1) {
            throw new IllegalArgumentException("maxCapacity must be a power of two >= " + (1 << MIN_SHIFT) + ", was " + maxCapacity);
        }
        if (maxRetained < 2) {
            throw new IllegalArgumentException("maxRetained must be at least 2, was " + maxRetained);
        }
        this.direct = direct;
        this.maxCapacity = maxCapacity;
        int count = Integer.numberOfTrailingZeros(maxCapacity) - MIN_SHIFT + 1;
        this.classes = new MpmcArrayQueue[count];
        for (int i = 0; i < count; i++) {
            classes[i] = new MpmcArrayQueue<>(maxRetained);
        }
    }

    /** Direct buffers up to 64 KiB, 1024 kept per size class. */
    public ByteBufferPool() {
        this(true, 64 * 1024, 1024);
    }

    /**
     * @return a cleared buffer of at least {@code minCapacity} bytes (position 0, limit = capacity)
     */
    public ByteBuffer acquire(int minCapacity) {
        if (minCapacity < 0) {
            throw new IllegalArgumentException("negative capacity " + minCapacity);
        }
        acquired.increment();
        int index = classIndex(minCapacity);
        if (index >= 0) {
            ByteBuffer buffer = classes[index].relaxedPoll();
            if (buffer != null) {
                return buffer.clear();
            }
            return allocate(1 << (index + MIN_SHIFT));
        }
        return allocate(minCapacity);
    }

    /** Gives {@code buffer} back; it must have come from {@link #acquire(int)} and must not be used after. */
    public void release(ByteBuffer buffer) {
        released.increment();
        int capacity = buffer.capacity();
        if (buffer.isDirect() != direct || Integer.bitCount(capacity) != 1 || capacity > maxCapacity || capacity < 1 << MIN_SHIFT) {
            return;
        }
        classes[Integer.numberOfTrailingZeros(capacity) - MIN_SHIFT].relaxedOffer(buffer);
    }

    /** @return buffers acquired and not yet released */
    public long getOutstanding() {
        return acquired.sum() - released.sum();
    }

    /** @return buffers allocated because no free one fitted */
    public long getAllocated() {
        return allocated.sum();
    }

    private int classIndex(int capacity) {
        if (capacity > maxCapacity) {
            return -1;
        }
        int size = Math.max(capacity, 1 << MIN_SHIFT);
        int shift = 32 - Integer.numberOfLeadingZeros(size - 1);
        return shift - MIN_SHIFT;
    }

    private ByteBuffer allocate(int capacity) {
        allocated.increment();
        return direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
    }

    @Override
    public String toString() {
        return "ByteBufferPool@" + Integer.toHexString(hashCode()) + "[" + (direct ? "direct" : "heap")
                + ",max=" + maxCapacity + ",outstanding=" + getOutstanding() + ",allocated=" + getAllocated() + "]";
    }
}
