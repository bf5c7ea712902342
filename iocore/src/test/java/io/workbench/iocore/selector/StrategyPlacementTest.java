package io.workbench.iocore.selector;

import static io.workbench.iocore.selector.Servers.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.selector.Servers.EchoConnection;
import io.workbench.iocore.selector.Servers.TestServer;
import io.workbench.iocore.thread.ExecutionStrategy;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Where a connection's reads run, over real sockets: a non-blocking read callback in place on the
 * selector's producing thread; a blocking one never there (nor, after a hand-off, on a thread that
 * still takes itself for the selector's), and while it blocks the selector goes on serving other
 * connections.
 */
class StrategyPlacementTest {

    /** Records, inside onFillable, whether it runs on the selector thread that produced it. */
    static final class PlacedEcho extends EchoConnection {
        final AtomicReference<Boolean> onSelectorThread = new AtomicReference<>();
        final AtomicReference<Thread> thread = new AtomicReference<>();
        final ManagedSelector selector;
        volatile CountDownLatch blockUntil;

        PlacedEcho(EndPoint endPoint, InvocationType type) {
            super(endPoint, type);
            selector = ((SocketChannelEndPoint) endPoint).selectorForTest();
        }

        @Override
        protected void onFillable() {
            onSelectorThread.compareAndSet(null, selector.isSelectorThread());
            thread.compareAndSet(null, Thread.currentThread());
            CountDownLatch latch = blockUntil;
            if (latch != null) {
                try {
                    assertTrue(latch.await(20, TimeUnit.SECONDS), "the selector stopped serving while a blocking read waited");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            super.onFillable();
        }
    }

    private static SelectorManager.Config config(ExecutionStrategy.Kind kind, SelectorManager.Workers workers) {
        // One selector, so that both connections share it and a blocked selector would show.
        return Servers.config("placement").withSelectors(1).withStrategy(kind).withWorkers(workers);
    }

    @ParameterizedTest
    @EnumSource(ExecutionStrategy.Kind.class)
    void nonBlockingReadsRunInPlaceOnTheSelectorThread(ExecutionStrategy.Kind kind) throws Exception {
        AtomicReference<PlacedEcho> made = new AtomicReference<>();
        try (TestServer server = new TestServer(config(kind, SelectorManager.Workers.PLATFORM), ep -> {
            PlacedEcho echo = new PlacedEcho(ep, InvocationType.NON_BLOCKING);
            made.set(echo);
            return echo;
        }); Socket socket = new Socket("127.0.0.1", server.connector.getLocalPort())) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write('n');
            assertEquals('n', socket.getInputStream().read());
            assertEquals(Boolean.TRUE, made.get().onSelectorThread.get());
        }
    }

    @ParameterizedTest
    @EnumSource(ExecutionStrategy.Kind.class)
    void blockingReadsLeaveTheSelectorServingOthersOnPlatformThreads(ExecutionStrategy.Kind kind) throws Exception {
        blockingReadsLeaveTheSelectorServingOthers(kind, SelectorManager.Workers.PLATFORM);
    }

    @ParameterizedTest
    @EnumSource(ExecutionStrategy.Kind.class)
    void blockingReadsLeaveTheSelectorServingOthersOnVirtualThreads(ExecutionStrategy.Kind kind) throws Exception {
        blockingReadsLeaveTheSelectorServingOthers(kind, SelectorManager.Workers.VIRTUAL);
    }

    private void blockingReadsLeaveTheSelectorServingOthers(ExecutionStrategy.Kind kind, SelectorManager.Workers workers) throws Exception {
        AtomicReference<PlacedEcho> blocking = new AtomicReference<>();
        AtomicReference<PlacedEcho> nonBlocking = new AtomicReference<>();
        CountDownLatch otherServed = new CountDownLatch(1);
        try (TestServer server = new TestServer(config(kind, workers), ep -> {
            if (blocking.get() == null) {
                PlacedEcho echo = new PlacedEcho(ep, InvocationType.BLOCKING);
                echo.blockUntil = otherServed;
                blocking.set(echo);
                return echo;
            }
            PlacedEcho echo = new PlacedEcho(ep, InvocationType.NON_BLOCKING);
            nonBlocking.set(echo);
            return echo;
        }); Socket first = new Socket("127.0.0.1", server.connector.getLocalPort())) {
            first.setSoTimeout(20_000);
            assertTrue(await(() -> blocking.get() != null, 10));
            if (kind == ExecutionStrategy.Kind.ADAPTIVE) {
                // Eat what you kill hands production over only to a producer thread idle at that
                // instant, and degrades to executing the task elsewhere otherwise. The spare thread
                // the manager starts may not be waiting yet on a loaded machine: wait for it, so
                // that the placement asserted below is the hand-off's and not the fallback's.
                assertTrue(await(() -> server.manager.getProducerPool().getIdleThreads() >= 1, 10), "a spare producer thread idles");
            }
            first.getOutputStream().write('b');
            assertTrue(await(() -> blocking.get().thread.get() != null, 10), "the blocking read started");
            try (Socket second = new Socket("127.0.0.1", server.connector.getLocalPort())) {
                second.setSoTimeout(20_000);
                second.getOutputStream().write('n');
                assertEquals('n', second.getInputStream().read(), "served while the blocking read waits");
                otherServed.countDown();
                assertEquals('b', first.getInputStream().read());
            }
            Thread blockingThread = blocking.get().thread.get();
            Thread servingThread = nonBlocking.get().thread.get();
            assertFalse(blockingThread == servingThread, "a blocked thread cannot have served the other connection");
            assertEquals(Boolean.TRUE, nonBlocking.get().onSelectorThread.get());
            // Never the selector's thread, under either strategy: eat what you kill hands production
            // off before the thread eats the task, and from then on it is not the producer, even
            // before the thread that took over has started producing.
            assertEquals(Boolean.FALSE, blocking.get().onSelectorThread.get(), "a read that may block ran as the selector's thread");
            if (kind == ExecutionStrategy.Kind.PRODUCE_EXECUTE_CONSUME) {
                assertEquals(workers == SelectorManager.Workers.VIRTUAL, blockingThread.isVirtual(), blockingThread.toString());
            } else {
                // Eat what you kill: the producing thread consumed it (a spare thread took over selecting).
                assertTrue(server.manager.strategyCounts().handedOff() >= 1, server.manager.strategyCounts().toString());
                assertFalse(blockingThread.isVirtual(), blockingThread.toString());
            }
        }
    }
}
