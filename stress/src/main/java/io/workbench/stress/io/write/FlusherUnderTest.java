package io.workbench.stress.io.write;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.WriteFlusher;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.io.write.mutant.WriteFlusherBug;
import io.workbench.stress.io.write.mutant.WriteFlusherMutant;
import java.nio.ByteBuffer;

/**
 * The API of a write flusher as the race tests drive it, which is the API an endpoint uses:
 * iocore's {@link WriteFlusher}, or a mutant copy. Which one a VM creates is chosen once, by
 * {@link Variant}.
 */
interface FlusherUnderTest {

    /** What this VM runs: the real WriteFlusher unless the harness selected a copy. */
    Variant<WriteFlusherBug> VARIANT = Variant.selected(WriteFlusherBug.MACHINE, WriteFlusherBug.class);

    /** A new flusher of the selected variant over {@code target}. */
    static FlusherUnderTest create(WriteFlusher.Target target) {
        if (VARIANT.isReal()) {
            WriteFlusher real = new WriteFlusher(target);
            return new FlusherUnderTest() {
                @Override
                public void write(Callback callback, ByteBuffer... buffers) {
                    real.write(callback, buffers);
                }

                @Override
                public void completeWrite() {
                    real.completeWrite();
                }

                @Override
                public boolean onFail(Throwable cause) {
                    return real.onFail(cause);
                }

                @Override
                public int getState() {
                    return real.getState();
                }

                @Override
                public Throwable getFailure() {
                    return real.getFailure();
                }
            };
        }
        WriteFlusherMutant copy = new WriteFlusherMutant(VARIANT.bug(), target);
        return new FlusherUnderTest() {
            @Override
            public void write(Callback callback, ByteBuffer... buffers) {
                copy.write(callback, buffers);
            }

            @Override
            public void completeWrite() {
                copy.completeWrite();
            }

            @Override
            public boolean onFail(Throwable cause) {
                return copy.onFail(cause);
            }

            @Override
            public int getState() {
                return copy.getState();
            }

            @Override
            public Throwable getFailure() {
                return copy.getFailure();
            }
        };
    }

    void write(Callback callback, ByteBuffer... buffers);

    void completeWrite();

    boolean onFail(Throwable cause);

    /** One of WriteFlusher's state constants. */
    int getState();

    Throwable getFailure();
}
