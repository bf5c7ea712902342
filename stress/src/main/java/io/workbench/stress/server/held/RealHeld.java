package io.workbench.stress.server.held;

import io.workbench.iocore.http.server.HeldResponses;
import io.workbench.iocore.io.ByteBufferPool;
import java.nio.ByteBuffer;

/**
 * The real HeldResponses, driven through {@link HeldUnderTest}. The build also copies this class
 * beside each generated copy of HeldResponses (the control and every mutant), where the same code
 * drives the copy; so it names HeldResponses only through its import.
 */
final class RealHeld implements HeldUnderTest {

    private final HeldResponses held;

    RealHeld(ByteBufferPool pool, int capacity) {
        held = new HeldResponses(pool, capacity);
    }

    @Override
    public boolean hold(ByteBuffer whole) {
        return held.hold(whole);
    }

    @Override
    public ByteBuffer carry() {
        return held.carry();
    }

    @Override
    public boolean await() {
        return held.await();
    }

    @Override
    public boolean written() {
        return held.written();
    }

    @Override
    public boolean drop() {
        return held.drop();
    }

    @Override
    public int get() {
        return held.get();
    }
}
