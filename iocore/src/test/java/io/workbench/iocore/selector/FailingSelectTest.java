package io.workbench.iocore.selector;

import static io.workbench.iocore.selector.Servers.await;
import static io.workbench.iocore.selector.Servers.openFds;
import static io.workbench.iocore.selector.Servers.threadsAlive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.selector.Servers.EchoConnection;
import io.workbench.iocore.selector.Servers.TestServer;
import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.WriteFlusher;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A selector whose select throws, behind a real server with real clients: the failures are logged
 * once per episode, each is followed by a wait, a run of them rebuilds the selector with every
 * connection moved to the new one, and stop() ends the loop even while select keeps failing.
 */
class FailingSelectTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    /** More than loopback's socket buffers hold, so that the write goes PENDING. */
    private static final int BIG_WRITE = 32 * 1024 * 1024;

    /** System.Logger's default backend is java.util.logging; a strong reference keeps the logger configured. */
    private final Logger julLogger = Logger.getLogger(ManagedSelector.class.getName());
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final List<Long> waits = new CopyOnWriteArrayList<>();
    private boolean usedParentHandlers;

    @BeforeEach
    void captureLog() {
        usedParentHandlers = julLogger.getUseParentHandlers();
        // The failures are expected here: keep them out of the build's output.
        julLogger.setUseParentHandlers(false);
        julLogger.addHandler(capture);
    }

    @AfterEach
    void releaseLog() {
        julLogger.removeHandler(capture);
        julLogger.setUseParentHandlers(usedParentHandlers);
    }

    private static SelectorManager.Config config(String name) {
        // One selector: the acceptor and every connection live on the selector that fails.
        return SelectorManager.Config.defaults().withName(name).withSelectors(1).withMaxThreads(8);
    }

    private static void echo(Socket socket, char c) throws IOException {
        socket.getOutputStream().write(c);
        assertEquals(c, socket.getInputStream().read(), "echo of " + c);
    }

    private static Socket connect(TestServer server) throws IOException {
        Socket socket = new Socket("127.0.0.1", server.connector.getLocalPort());
        socket.setSoTimeout(10_000);
        return socket;
    }

    private List<LogRecord> lines() {
        return records.stream().filter(r -> r.getLevel().intValue() >= Level.INFO.intValue()).toList();
    }

    /** Arms the current selector to fail its next {@code count} selects, and wakes it so it meets them now. */
    private static void failNext(FlakySelector.Opener opener, ManagedSelector selector, int count) {
        opener.last().failNext(count);
        assertTrue(selector.submit(() -> { }));
    }

    /**
     * The JDK keeps one descriptor for the whole process (a socket it dup2()s over a channel's fd
     * while closing it) and opens it the first time a registered channel closes; open it before
     * a baseline is counted, so that it is not mistaken for a leak when this test runs first.
     */
    private static void closeARegisteredChannelOnce() throws IOException {
        try (Selector selector = Selector.open(); ServerSocketChannel channel = ServerSocketChannel.open()) {
            channel.bind(new InetSocketAddress("127.0.0.1", 0));
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_ACCEPT);
        }
    }

    @Test
    void aRunOfFailuresIsLoggedOnceWhenItStartsAndOnceWhenItEnds_andEachFailureWaitsLongerThanTheLast() throws Exception {
        FlakySelector.Opener opener = new FlakySelector.Opener(0);
        // No rebuild in this run: what is counted is the logging and the waits alone.
        SelectFailures.Policy policy = new SelectFailures.Policy(100, MS, 50 * MS, waits::add);
        try (TestServer server = new TestServer(new SelectorManager(config("flaky-log"), opener, policy),
                ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
             Socket client = connect(server)) {
            ManagedSelector selector = server.manager.getSelectors().get(0);
            echo(client, 'a');

            failNext(opener, selector, 5);
            assertTrue(await(() -> lines().size() == 2, 10), "log lines: " + lines());

            List<LogRecord> lines = lines();
            assertEquals(Level.WARNING, lines.get(0).getLevel());
            assertInstanceOf(IOException.class, lines.get(0).getThrown(), "the first failure is logged with its cause");
            assertEquals("injected select failure", lines.get(0).getThrown().getMessage());
            assertTrue(lines.get(1).getMessage().contains("after 5 failures in a row"), lines.get(1).getMessage());
            assertEquals(5, opener.last().thrown());
            assertEquals(5, selector.getSelectFailures());
            assertEquals(List.of(MS, 2 * MS, 4 * MS, 8 * MS, 16 * MS), waits, "one wait per failure, doubling");
            assertEquals(0, selector.getSelectorRebuilds());
            assertEquals(1, opener.opened.size());

            echo(client, 'b');
            assertEquals(2, lines().size(), "working again, nothing more to say");
        }
    }

    @Test
    void afterARebuildTheConnectionsAndTheAcceptorWorkOnTheNewSelector() throws Exception {
        FlakySelector.Opener opener = new FlakySelector.Opener(0);
        SelectFailures.Policy policy = new SelectFailures.Policy(3, MS, 50 * MS, waits::add);
        try (TestServer server = new TestServer(new SelectorManager(config("flaky-rebuild"), opener, policy),
                ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
             Socket before = connect(server)) {
            ManagedSelector selector = server.manager.getSelectors().get(0);
            echo(before, 'a');
            assertTrue(await(() -> server.manager.getEndPointCount() == 1, 10));
            FlakySelector first = opener.last();

            failNext(opener, selector, 3);
            assertTrue(await(() -> lines().size() == 2, 10), "log lines: " + lines());

            assertEquals(1, selector.getSelectorRebuilds());
            assertEquals(1, server.manager.getSelectorRebuilds());
            assertEquals(3, server.manager.getSelectFailures());
            assertEquals(2, opener.opened.size(), "one new selector opened");
            assertFalse(first.isOpen(), "the old selector is closed");
            assertSame(opener.last(), selector.selector(), "the loop selects on the new one");
            assertTrue(lines().get(1).getMessage().contains("after 3 failures in a row"), lines().get(1).getMessage());
            assertTrue(lines().get(1).getMessage().contains("rebuilt 1 times"), lines().get(1).getMessage());

            // The connection accepted before the rebuild still reads (its OP_READ moved) and writes.
            echo(before, 'b');
            echo(before, 'c');
            // The acceptor moved too: a new connection is accepted and served.
            try (Socket after = connect(server)) {
                echo(after, 'd');
                echo(before, 'e');
            }
            assertEquals(2, server.connector.getAccepted());

            // A write the socket cannot take asks for OP_WRITE from outside a selection round,
            // through the endpoint's own key: the one the rebuild must have replaced, or the
            // write would never complete.
            SocketChannelEndPoint endPoint = server.connections.stream()
                    .map(c -> (SocketChannelEndPoint) c.getEndPoint())
                    .filter(ep -> ep.getRemoteAddress().getPort() == before.getLocalPort())
                    .findFirst().orElseThrow();
            ByteBuffer big = ByteBuffer.allocateDirect(BIG_WRITE);
            CompletableFuture<Void> written = new CompletableFuture<>();
            endPoint.write(Callback.from(() -> written.complete(null), written::completeExceptionally), big);
            assertEquals("PENDING", WriteFlusher.name(endPoint.getWriteFlusher().getState()), endPoint.toString());
            long read = 0;
            byte[] chunk = new byte[64 * 1024];
            while (read < BIG_WRITE) {
                int n = before.getInputStream().read(chunk);
                assertTrue(n > 0, "end of stream after " + read + " bytes");
                read += n;
            }
            written.get(10, TimeUnit.SECONDS);

            String dump = server.manager.dump();
            assertTrue(dump.contains("selectFailures=3,episodes=1,rebuilds=1"), dump);
            assertFalse(dump.contains("FAILING"), dump);
        }
    }

    @Test
    void aSelectorThreadWhoseInterruptStatusIsSetStillWaitsBetweenFailures() throws Exception {
        FlakySelector.Opener opener = new FlakySelector.Opener(0);
        long wait = 5 * MS;
        List<Long> waited = new CopyOnWriteArrayList<>();
        // No rebuild; each wait is the real parking one, timed.
        SelectFailures.Policy policy = new SelectFailures.Policy(100, wait, wait, nanos -> {
            long start = System.nanoTime();
            SelectFailures.Sleeper.PARK.sleep(nanos);
            waited.add(System.nanoTime() - start);
        });
        try (TestServer server = new TestServer(new SelectorManager(config("flaky-interrupted"), opener, policy),
                ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
             Socket client = connect(server)) {
            ManagedSelector selector = server.manager.getSelectors().get(0);
            echo(client, 'a');
            // Something run on the selector thread leaves its interrupt status set (a task that
            // caught an InterruptedException and restored it, say).
            assertTrue(selector.submit(() -> Thread.currentThread().interrupt()));
            failNext(opener, selector, 5);
            assertTrue(await(() -> lines().size() == 2, 10), "log lines: " + lines());
            assertEquals(5, waited.size());
            for (long nanos : waited) {
                assertTrue(nanos >= wait, "a wait of " + nanos + " ns instead of " + wait + ": the loop spun: " + waited);
            }
            CompletableFuture<Boolean> stillInterrupted = new CompletableFuture<>();
            assertTrue(selector.submit(() -> stillInterrupted.complete(Thread.interrupted())));
            assertTrue(stillInterrupted.get(10, TimeUnit.SECONDS), "the waits left the interrupt status as it was");
            echo(client, 'b');
        }
    }

    @Test
    void aRuntimeExceptionFromSelectIsCountedLoggedAndWaitedOnLikeAnIOException() throws Exception {
        assertUncheckedFailuresAreHandledLikeIOExceptions("flaky-unchecked",
                () -> new IllegalStateException("injected unchecked select failure"), IllegalStateException.class);
    }

    @Test
    void aClosedSelectorExceptionFromSelectIsCountedAndLoggedNotASilentStop() throws Exception {
        assertUncheckedFailuresAreHandledLikeIOExceptions("flaky-closed", ClosedSelectorException::new,
                ClosedSelectorException.class);
    }

    private void assertUncheckedFailuresAreHandledLikeIOExceptions(String name, Supplier<? extends RuntimeException> failure,
                                                                  Class<? extends Throwable> type) throws Exception {
        FlakySelector.Opener opener = new FlakySelector.Opener(0);
        SelectFailures.Policy policy = new SelectFailures.Policy(3, MS, 50 * MS, waits::add);
        try (TestServer server = new TestServer(new SelectorManager(config(name), opener, policy),
                ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
             Socket client = connect(server)) {
            ManagedSelector selector = server.manager.getSelectors().get(0);
            echo(client, 'a');
            opener.last().failNextWith(3, failure);
            assertTrue(selector.submit(() -> { }));
            assertTrue(await(() -> lines().size() == 2, 10), "log lines: " + lines());

            assertInstanceOf(type, lines().get(0).getThrown(), "the first failure is logged with its cause");
            assertTrue(lines().get(1).getMessage().contains("after 3 failures in a row"), lines().get(1).getMessage());
            assertEquals(3, selector.getSelectFailures());
            assertEquals(List.of(MS, 2 * MS, 4 * MS), waits, "one wait per failure, doubling");
            assertEquals(1, selector.getSelectorRebuilds(), "the run of failures rebuilt the selector");
            assertTrue(selector.toString().contains("RUNNING"), selector.toString());
            echo(client, 'b');
            try (Socket after = connect(server)) {
                echo(after, 'c');
            }
        }
    }

    @Test
    void aSelectorClosedUnderTheLoopIsReplacedAndTheLoopGoesOn() throws Exception {
        FlakySelector.Opener opener = new FlakySelector.Opener(0);
        SelectFailures.Policy policy = new SelectFailures.Policy(3, MS, 50 * MS, waits::add);
        String name = "flaky-closed-under";
        TestServer server = new TestServer(new SelectorManager(config(name), opener, policy),
                ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
        ManagedSelector selector = server.manager.getSelectors().get(0);
        try {
            FlakySelector first = opener.last();
            // A bug elsewhere closes the selector: every select on it throws ClosedSelectorException.
            assertTrue(selector.submit(() -> {
                try {
                    first.close();
                } catch (IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            }));
            // The failure, the rebuild that could move nothing, the recovery.
            assertTrue(await(() -> lines().size() == 3, 10), "log lines: " + lines());
            assertInstanceOf(ClosedSelectorException.class, lines().get(0).getThrown());
            assertTrue(lines().get(1).getMessage().contains("was closed under its loop"), lines().get(1).getMessage());
            assertTrue(lines().get(2).getMessage().contains("after 3 failures in a row"), lines().get(2).getMessage());
            assertEquals(3, selector.getSelectFailures());
            assertEquals(1, selector.getSelectorRebuilds());
            assertEquals(2, opener.opened.size());
            assertSame(opener.last(), selector.selector(), "the loop selects on the new selector");
            CompletableFuture<Boolean> ran = new CompletableFuture<>();
            assertTrue(selector.submit(() -> ran.complete(true)), "the loop still runs what is submitted");
            assertTrue(ran.get(10, TimeUnit.SECONDS));
        } finally {
            server.close();
        }
        assertFalse(threadsAlive(name + "-"), "threads of " + name + " outlived stop()");
        for (FlakySelector opened : opener.opened) {
            assertFalse(opened.isOpen(), opened + " left open");
        }
    }

    @Test
    void stopEndsTheLoopWhileSelectKeepsFailing() throws Exception {
        closeARegisteredChannelOnce();
        int baseline = openFds();
        // Every selector, the rebuilt ones too, fails every select; the waits are real but short.
        FlakySelector.Opener opener = new FlakySelector.Opener(Integer.MAX_VALUE);
        SelectFailures.Policy policy = new SelectFailures.Policy(3, MS, 2 * MS, nanos -> {
            waits.add(nanos);
            SelectFailures.Sleeper.PARK.sleep(nanos);
        });
        String name = "flaky-stop";
        SelectorManager manager = new SelectorManager(config(name), opener, policy);
        TestServer server = new TestServer(manager, ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
        ManagedSelector selector = manager.getSelectors().get(0);
        try {
            assertTrue(await(() -> selector.getSelectorRebuilds() >= 2 && selector.getSelectFailures() >= 20, 20),
                    selector.toString());
            assertTrue(threadsAlive(name + "-"));
            assertTrue(selector.toString().contains("FAILING("), selector.toString());
        } finally {
            server.close();
        }
        assertFalse(threadsAlive(name + "-"), "threads of " + name + " outlived stop()");
        assertTrue(selector.toString().contains("CLOSED"), selector.toString());
        for (FlakySelector opened : opener.opened) {
            assertFalse(opened.isOpen(), opened + " left open");
        }
        long thrown = opener.opened.stream().mapToLong(FlakySelector::thrown).sum();
        assertTrue(waits.size() <= thrown, "no more waits (" + waits.size() + ") than failures (" + thrown + ")");
        assertEquals(1, lines().size(), "one line for the whole episode, which never ended: " + lines());
        assertTrue(await(() -> openFds() <= baseline, 10), "fds " + openFds() + " > baseline " + baseline + " after stop");
    }
}
