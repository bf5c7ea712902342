package io.workbench.stress.io.write;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.WriteFlusher;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The real WriteFlusher, driven through {@link FlusherUnderTest}. The build also copies this class
 * beside each generated copy of WriteFlusher (the control and every mutant), where the same code
 * drives the copy; so it names WriteFlusher only through its import (its Target included: the
 * test's endpoint comes in as {@link FlusherUnderTest.Endpoint}).
 */
final class RealFlusher implements FlusherUnderTest {

    private final WriteFlusher flusher;

    RealFlusher(Endpoint endpoint) {
        this.flusher = new WriteFlusher(new WriteFlusher.Target() {
            @Override
            public void flush(ByteBuffer[] buffers, int offset, int length) throws IOException {
                endpoint.flush(buffers, offset, length);
            }

            @Override
            public void onIncompleteFlush() {
                endpoint.onIncompleteFlush();
            }
        });
    }

    @Override
    public void write(Callback callback, ByteBuffer... buffers) {
        flusher.write(callback, buffers);
    }

    @Override
    public void completeWrite() {
        flusher.completeWrite();
    }

    @Override
    public boolean onFail(Throwable cause) {
        return flusher.onFail(cause);
    }

    @Override
    public int getState() {
        return flusher.getState();
    }

    @Override
    public Throwable getFailure() {
        return flusher.getFailure();
    }
}
