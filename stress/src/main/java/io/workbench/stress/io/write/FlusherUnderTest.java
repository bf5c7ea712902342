package io.workbench.stress.io.write;

import io.workbench.iocore.callback.Callback;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.io.write.mutant.WriteFlusherBug;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * The API of a write flusher as the race tests drive it, which is the API an endpoint uses:
 * iocore's WriteFlusher through {@link RealFlusher}, or a generated copy (the control or a mutant)
 * through RealFlusher's twin beside it. Which one a VM creates is chosen once, by {@link Variant}.
 * Public, as the twins live in other packages.
 */
public interface FlusherUnderTest {

    /** What this VM runs: the real WriteFlusher unless the harness selected a copy. */
    Variant<WriteFlusherBug> VARIANT = Variant.selected(WriteFlusherBug.MACHINE, WriteFlusherBug.class);

    /** The constructor of RealFlusher's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealFlusher.class, Endpoint.class);

    /** A new flusher of the selected variant over {@code endpoint}. */
    static FlusherUnderTest create(Endpoint endpoint) {
        if (VARIANT.isReal()) {
            return new RealFlusher(endpoint);
        }
        try {
            return (FlusherUnderTest) COPY.invoke(endpoint);
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /** What the flusher needs from its endpoint: WriteFlusher.Target's methods, for the real class and every copy. */
    interface Endpoint {
        void flush(ByteBuffer[] buffers, int offset, int length) throws IOException;

        void onIncompleteFlush();
    }

    void write(Callback callback, ByteBuffer... buffers);

    void completeWrite();

    boolean onFail(Throwable cause);

    /** One of WriteFlusher's state constants. */
    int getState();

    Throwable getFailure();
}
