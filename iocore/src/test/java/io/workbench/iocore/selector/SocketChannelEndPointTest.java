package io.workbench.iocore.selector;

import static io.workbench.iocore.selector.Servers.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.io.WriteFlusher;
import io.workbench.iocore.selector.Servers.EchoConnection;
import io.workbench.iocore.selector.Servers.TestServer;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.WritePendingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The endpoint over real sockets on 127.0.0.1, with blocking java.net.Socket clients. */
class SocketChannelEndPointTest {

    private static final int BIG = 8 * 1024 * 1024;

    @Test
    void echoesOverManyConcurrentConnections() throws Exception {
        try (TestServer server = new TestServer(Servers.config("echo"), ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING))) {
            int clients = 64;
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<Integer>> results = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    int id = c;
                    results.add(pool.submit(() -> {
                        try (Socket socket = new Socket("127.0.0.1", server.connector.getLocalPort())) {
                            socket.setSoTimeout(20_000);
                            OutputStream out = socket.getOutputStream();
                            DataInputStream in = new DataInputStream(socket.getInputStream());
                            int echoed = 0;
                            for (int i = 0; i < 50; i++) {
                                byte[] line = ("client " + id + " line " + i + "\n").getBytes(StandardCharsets.US_ASCII);
                                out.write(line);
                                byte[] back = new byte[line.length];
                                in.readFully(back);
                                assertArrayEquals(line, back);
                                echoed++;
                            }
                            return echoed;
                        }
                    }));
                }
                for (Future<Integer> result : results) {
                    assertEquals(50, result.get(60, TimeUnit.SECONDS));
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(clients, server.connector.getAccepted());
            assertTrue(await(() -> server.manager.getEndPointCount() == 0, 20), "every endpoint closed at EOF: " + server.manager.dump());
        }
    }

    /** Writes one big buffer when opened and reports what became of it. */
    static final class BigWriter extends AbstractConnection {
        final ByteBuffer data;
        final CompletableFuture<Void> done = new CompletableFuture<>();
        final AtomicInteger completions = new AtomicInteger();
        volatile boolean pendingAfterWrite;
        volatile Throwable writePendingError;

        BigWriter(EndPoint endPoint, int size) {
            super(endPoint, InvocationType.NON_BLOCKING);
            data = ByteBuffer.allocateDirect(size);
            for (int i = 0; i < size; i++) {
                data.put((byte) i);
            }
            data.flip();
        }

        @Override
        public void onOpen() {
            write();
        }

        void write() {
            getEndPoint().write(Callback.from(InvocationType.NON_BLOCKING, () -> {
                completions.incrementAndGet();
                done.complete(null);
            }, x -> {
                completions.incrementAndGet();
                done.completeExceptionally(x);
            }), data);
            boolean pending = ((SocketChannelEndPoint) getEndPoint()).getWriteFlusher().isPending();
            if (pending) {
                try {
                    getEndPoint().write(Callback.NOOP, ByteBuffer.allocate(1));
                } catch (WritePendingException x) {
                    writePendingError = x;
                }
            }
            // Last: the test reads the other fields once it sees this.
            pendingAfterWrite = pending;
        }

        @Override
        protected void onFillable() {
        }
    }

    @Test
    void bigWriteToASlowReaderGoesPendingAndCompletesLaterWithEveryByte() throws Exception {
        AtomicReference<BigWriter> writer = new AtomicReference<>();
        try (TestServer server = new TestServer(Servers.config("slow"), ep -> {
            BigWriter w = new BigWriter(ep, BIG);
            writer.set(w);
            return w;
        }); Socket socket = new Socket()) {
            socket.setReceiveBufferSize(16 * 1024);
            socket.connect(server.address(), 10_000);
            socket.setSoTimeout(30_000);
            assertTrue(await(() -> writer.get() != null, 10));
            BigWriter w = writer.get();
            assertTrue(await(() -> w.pendingAfterWrite || w.done.isDone(), 10));
            assertTrue(w.pendingAfterWrite, "8 MB cannot fit in the socket buffers: the write must go pending");
            assertInstanceOf(WritePendingException.class, w.writePendingError, "a second write while pending is refused");
            assertTrue(!w.done.isDone(), "not complete before the client reads");

            InputStream in = socket.getInputStream();
            byte[] chunk = new byte[8192];
            long received = 0;
            boolean ordered = true;
            while (received < BIG) {
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    ordered &= chunk[i] == (byte) (received + i);
                }
                received += n;
                if (received % (1024 * 1024) < 8192) {
                    Thread.sleep(1);
                }
            }
            assertEquals(BIG, received);
            assertTrue(ordered, "bytes arrived in the order written");
            w.done.get(10, TimeUnit.SECONDS);
            assertEquals(1, w.completions.get());
            assertTrue(((SocketChannelEndPoint) w.getEndPoint()).getWriteFlusher().isIdle());
        }
    }

    /** Writes {@code count} one-byte buffers in one write when opened, and says whether it completed inside the call. */
    static final class GatherWriter extends AbstractConnection {
        final ByteBuffer[] buffers;
        final CompletableFuture<Boolean> completedInTheCall = new CompletableFuture<>();

        GatherWriter(EndPoint endPoint, int count) {
            super(endPoint, InvocationType.NON_BLOCKING);
            buffers = new ByteBuffer[count];
            for (int i = 0; i < count; i++) {
                buffers[i] = ByteBuffer.allocateDirect(1).put(0, (byte) i);
            }
        }

        @Override
        public void onOpen() {
            AtomicInteger completions = new AtomicInteger();
            getEndPoint().write(Callback.from(InvocationType.NON_BLOCKING, completions::incrementAndGet,
                    x -> completedInTheCall.completeExceptionally(x)), buffers);
            completedInTheCall.complete(completions.get() == 1);
        }

        @Override
        protected void onFillable() {
        }
    }

    @Test
    void aWriteOfMoreBuffersThanOneWritevTakesCompletesInTheCallWhenTheSocketHasRoom() throws Exception {
        int count = 3 * WriteFlusher.MAX_BUFFERS_PER_FLUSH - 500;
        AtomicReference<GatherWriter> writer = new AtomicReference<>();
        try (TestServer server = new TestServer(Servers.config("gather"), ep -> {
            GatherWriter w = new GatherWriter(ep, count);
            writer.set(w);
            return w;
        }); Socket socket = new Socket()) {
            socket.connect(server.address(), 10_000);
            socket.setSoTimeout(20_000);
            assertTrue(await(() -> writer.get() != null, 10));
            // 2,572 bytes fit in any socket buffer: the JDK's writev takes 1,024 buffers a call, and
            // the flusher goes on at once instead of waiting for OP_WRITE as if the socket were full.
            assertTrue(writer.get().completedInTheCall.get(10, TimeUnit.SECONDS),
                    "the write went pending although the socket took every buffer it was given");
            byte[] received = new DataInputStream(socket.getInputStream()).readNBytes(count);
            assertEquals(count, received.length);
            for (int i = 0; i < count; i++) {
                assertEquals((byte) i, received[i], "byte " + i);
            }
        }
    }

    @Test
    @SuppressWarnings("try") // the client socket is closed inside the race on purpose
    void closeRacingAPendingWriteFailsItsCallbackExactlyOnce() throws Exception {
        for (int round = 0; round < 20; round++) {
            AtomicReference<BigWriter> writer = new AtomicReference<>();
            try (TestServer server = new TestServer(Servers.config("race"), ep -> {
                BigWriter w = new BigWriter(ep, 4 * 1024 * 1024);
                writer.set(w);
                return w;
            }); Socket socket = new Socket()) {
                socket.setReceiveBufferSize(16 * 1024);
                socket.connect(server.address(), 10_000);
                assertTrue(await(() -> writer.get() != null && writer.get().pendingAfterWrite, 10));
                BigWriter w = writer.get();
                // Three closers at once: the server side twice, and the client resetting.
                Thread a = new Thread(() -> w.getEndPoint().close(new IOException("closer a")));
                Thread b = new Thread(() -> w.getEndPoint().close(new IOException("closer b")));
                a.start();
                b.start();
                socket.setSoLinger(true, 0);
                socket.close();
                a.join();
                b.join();
                assertTrue(await(w.done::isDone, 10));
                assertTrue(w.done.isCompletedExceptionally());
                Thread.sleep(round % 5);
                assertEquals(1, w.completions.get(), "completed exactly once");
                assertEquals(WriteFlusher.FAILED, ((SocketChannelEndPoint) w.getEndPoint()).getWriteFlusher().getState());
            }
        }
    }

    @Test
    void idleTimeoutClosesASilentConnection() throws Exception {
        long idleTimeout = 300;
        try (TestServer server = new TestServer(Servers.config("idle").withIdleTimeoutMillis(idleTimeout),
                ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
             Socket socket = new Socket()) {
            long start = System.nanoTime();
            socket.connect(server.address(), 10_000);
            socket.setSoTimeout(20_000);
            assertEquals(-1, socket.getInputStream().read(), "the server closes the silent connection");
            long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(elapsedMs >= idleTimeout, "closed after " + elapsedMs + " ms, before the idle timeout");
            assertTrue(await(() -> server.connections.stream().allMatch(c -> ((EchoConnection) c).closed), 10));
            EchoConnection connection = (EchoConnection) server.connections.iterator().next();
            assertInstanceOf(TimeoutException.class, connection.closeCause);
        }
    }

    @Test
    void activeConnectionOutlivesItsIdleTimeout() throws Exception {
        long idleTimeout = 200;
        try (TestServer server = new TestServer(Servers.config("active").withIdleTimeoutMillis(idleTimeout),
                ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
             Socket socket = new Socket()) {
            socket.connect(server.address(), 10_000);
            socket.setSoTimeout(20_000);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            long start = System.nanoTime();
            // Talk for three idle timeouts, never pausing long: the connection must stay open.
            while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(3 * idleTimeout)) {
                socket.getOutputStream().write('x');
                assertEquals('x', in.read());
                Thread.sleep(idleTimeout / 10);
            }
            assertEquals(1, server.manager.getEndPointCount());
        }
    }

    /** Writes the same chunk again each time the previous write completes, forever. */
    static final class Firehose extends AbstractConnection {
        final ByteBuffer chunk = ByteBuffer.allocateDirect(64 * 1024);
        final AtomicLong written = new AtomicLong();
        private final Callback next = Callback.from(InvocationType.NON_BLOCKING, this::writeNext, x -> getEndPoint().close(x));

        Firehose(EndPoint endPoint) {
            super(endPoint, InvocationType.NON_BLOCKING);
        }

        @Override
        public void onOpen() {
            writeNext();
        }

        private void writeNext() {
            // A write that completes at once calls back in here: the depth is bounded by the kernel buffers / 64 KB.
            chunk.clear();
            written.addAndGet(chunk.remaining());
            getEndPoint().write(next, chunk);
        }

        @Override
        protected void onFillable() {
        }
    }

    @Test
    void clientThatNeverReadsDoesNotMakeTheServerBuffer() throws Exception {
        AtomicReference<Firehose> firehose = new AtomicReference<>();
        try (TestServer server = new TestServer(Servers.config("firehose"), ep -> {
            Firehose f = new Firehose(ep);
            firehose.set(f);
            return f;
        }); Socket socket = new Socket()) {
            socket.setReceiveBufferSize(16 * 1024);
            socket.connect(server.address(), 10_000);
            assertTrue(await(() -> firehose.get() != null, 10));
            Firehose f = firehose.get();
            WriteFlusher flusher = ((SocketChannelEndPoint) f.getEndPoint()).getWriteFlusher();
            assertTrue(await(flusher::isPending, 10), "the write must stall once the socket buffers are full");
            long stalledAt = f.written.get();
            Thread.sleep(300);
            assertTrue(flusher.isPending());
            assertEquals(stalledAt, f.written.get(), "nothing more is queued while the client does not read");
            // What was handed to the endpoint is bounded by the kernel buffers plus the one pending chunk.
            assertTrue(stalledAt < 64L * 1024 * 1024, "handed over " + stalledAt + " bytes");
        }
    }

    @Test
    void shutdownOutputSendsEofAndKeepsReading() throws Exception {
        AtomicReference<EndPoint> endPoint = new AtomicReference<>();
        CopyOnWriteArrayList<String> received = new CopyOnWriteArrayList<>();
        try (TestServer server = new TestServer(Servers.config("shut"), ep -> {
            endPoint.set(ep);
            return new AbstractConnection(ep, InvocationType.NON_BLOCKING) {
                final ByteBuffer in = ByteBuffer.allocate(64);

                @Override
                protected void onFillable() {
                    try {
                        int n = getEndPoint().fill(in.clear());
                        if (n > 0) {
                            received.add(new String(in.array(), 0, n, StandardCharsets.US_ASCII));
                        }
                        if (n >= 0) {
                            fillInterested();
                        }
                    } catch (IOException x) {
                        getEndPoint().close(x);
                    }
                }
            };
        }); Socket socket = new Socket()) {
            socket.connect(server.address(), 10_000);
            socket.setSoTimeout(20_000);
            assertTrue(await(() -> endPoint.get() != null, 10));
            endPoint.get().shutdownOutput();
            assertTrue(endPoint.get().isOutputShutdown());
            assertEquals(-1, socket.getInputStream().read(), "the client sees the server's FIN");
            socket.getOutputStream().write("still here".getBytes(StandardCharsets.US_ASCII));
            assertTrue(await(() -> String.join("", received).equals("still here"), 10), "received " + received);
            assertTrue(endPoint.get().isOpen());
            socket.shutdownOutput();
            assertTrue(await(() -> !endPoint.get().isOpen(), 10), "both directions shut: the endpoint closes");
        }
    }

    @Test
    void resetByThePeerClosesTheEndPointWithTheCause() throws Exception {
        try (TestServer server = new TestServer(Servers.config("reset"), ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING))) {
            try (Socket socket = new Socket()) {
                socket.connect(server.address(), 10_000);
                assertTrue(await(() -> server.connections.size() == 1, 10));
                socket.getOutputStream().write('x');
                assertEquals('x', socket.getInputStream().read());
                socket.setSoLinger(true, 0);
            }
            EchoConnection connection = (EchoConnection) server.connections.iterator().next();
            assertTrue(await(() -> connection.closed, 10));
            assertTrue(!connection.getEndPoint().isOpen());
            assertEquals(0, server.manager.getEndPointCount());
        }
    }

    @Test
    void fillAfterCloseIsEndOfStreamAndFillInterestFails() throws Exception {
        AtomicReference<EndPoint> endPoint = new AtomicReference<>();
        // Published from onOpen(), not from the factory: by then the endpoint holds its connection.
        try (TestServer server = new TestServer(Servers.config("closed"), ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING) {
            @Override
            public void onOpen() {
                endPoint.set(getEndPoint());
            }
        }); Socket socket = new Socket()) {
            socket.connect(server.address(), 10_000);
            assertTrue(await(() -> endPoint.get() != null, 10));
            EndPoint ep = endPoint.get();
            ep.close();
            assertEquals(-1, ep.fill(ByteBuffer.allocate(8)));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            ep.fillInterested(Callback.from(InvocationType.NON_BLOCKING, () -> { }, failure::set));
            assertInstanceOf(java.nio.channels.ClosedChannelException.class, failure.get());
            AtomicReference<Throwable> writeFailure = new AtomicReference<>();
            ep.write(Callback.from(InvocationType.NON_BLOCKING, () -> { }, writeFailure::set), ByteBuffer.allocate(1));
            assertInstanceOf(java.nio.channels.ClosedChannelException.class, writeFailure.get());
            assertTrue(await(() -> ((EchoConnection) ep.getConnection()).closed, 10), "onClose ran");
            assertNull(((EchoConnection) ep.getConnection()).closeCause, "an orderly close has no cause");
        }
    }
}
