package io.workbench.iocore.selector;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.EndPoint;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;

/**
 * Not HTTP: counts request heads (bytes up to an empty line, matched across reads) and answers
 * each with the same canned {@code 200 hello}, written in place on the selector thread. The
 * cheapest server there is, for probes that measure the selector and endpoint hot path, or a
 * client against the least a server can do. Heads that do not fit one write are owed and
 * answered in the next, before reading more.
 */
public final class CannedConnection extends AbstractConnection {

    /** What every request head is answered with. */
    public static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"
            .getBytes(StandardCharsets.US_ASCII);

    private final ByteBuffer in = ByteBuffer.allocateDirect(16 * 1024);
    private final ByteBuffer out = ByteBuffer.allocateDirect(64 * 1024);
    /** Passed instead of varargs: a fresh ByteBuffer[] per write would be the only allocation per request. */
    private final ByteBuffer[] outArray = {out};
    private final Callback written = Callback.from(InvocationType.NON_BLOCKING, this::answer, this::fail);
    private final LongAdder requests;
    /** How much of "\r\n\r\n" the bytes read so far end with. */
    private int matched;
    /** Heads read and not yet answered. */
    private int owed;

    /** @param requests counts every head read, shared by the connections of one server */
    public CannedConnection(EndPoint endPoint, LongAdder requests) {
        super(endPoint, InvocationType.NON_BLOCKING);
        this.requests = requests;
    }

    @Override
    protected void onFillable() {
        try {
            in.clear();
            int n = getEndPoint().fill(in);
            if (n < 0) {
                getEndPoint().close();
                return;
            }
            int heads = 0;
            for (int i = 0; i < n; i++) {
                byte b = in.get(i);
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                if (matched == 4) {
                    heads++;
                    matched = 0;
                }
            }
            requests.add(heads);
            owed += heads;
            answer();
        } catch (IOException x) {
            getEndPoint().close(x);
        }
    }

    /** Writes what is owed, as much as fits one buffer; with nothing owed, reads more. */
    private void answer() {
        if (owed == 0) {
            fillInterested();
            return;
        }
        out.clear();
        while (owed > 0 && out.remaining() >= RESPONSE.length) {
            out.put(RESPONSE);
            owed--;
        }
        out.flip();
        getEndPoint().write(written, outArray);
    }

    private void fail(Throwable cause) {
        getEndPoint().close(cause);
    }

    @Override
    public String toString() {
        return String.format("%s@%x{owed=%d, matched=%d}", getClass().getSimpleName(), hashCode(), owed, matched);
    }
}
