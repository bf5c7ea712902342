package io.workbench.stress.server.held;

import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.server.held.mutant.HeldBug;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * The API of the server connection's held responses as the race tests drive it, which is the API
 * the connection and its response flusher use: iocore's HeldResponses through {@link RealHeld}, or
 * a generated copy (the control or a mutant) through RealHeld's twin beside it. Which one a VM
 * creates is chosen once, by {@link Variant}. Public, as the twins live in other packages.
 */
public interface HeldUnderTest {

    /** What this VM runs: the real HeldResponses unless the harness selected a copy. */
    Variant<HeldBug> VARIANT = Variant.selected(HeldBug.MACHINE, HeldBug.class);

    /** The constructor of RealHeld's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealHeld.class, ByteBufferPool.class, int.class);

    /** New held responses of the selected variant, NONE, taking buffers of {@code capacity} from {@code pool}. */
    static HeldUnderTest create(ByteBufferPool pool, int capacity) {
        if (VARIANT.isReal()) {
            return new RealHeld(pool, capacity);
        }
        try {
            return (HeldUnderTest) COPY.invoke(pool, capacity);
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    boolean hold(ByteBuffer whole);

    ByteBuffer carry();

    boolean await();

    boolean written();

    boolean drop();

    /** One of HeldResponses's states. */
    int get();
}
