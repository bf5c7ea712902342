package io.workbench.targets.undertow;

import io.undertow.UndertowOptions;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.server.HttpHandler;
import io.undertow.server.protocol.http.HttpOpenListener;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.xnio.ChannelListener;
import org.xnio.ChannelListeners;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.StreamConnection;
import org.xnio.Xnio;
import org.xnio.XnioWorker;
import org.xnio.channels.AcceptingChannel;

/**
 * The Undertow server both Undertow targets run on ({@code undertow-handler} and the servlet
 * {@code undertow}), configured once from {@link TargetSettings}. It is what {@code Undertow.start()}
 * does, written out, so that the target holds the listening channel and can close it alone on
 * SIGTERM ({@code Undertow.ListenerInfo.suspend()} would leave it bound, and new connections would
 * wait in its backlog instead of being refused):
 * <ul>
 *   <li>an XNIO worker with {@link TargetSettings#ioThreads()} I/O threads (one per processor, as
 *       every server has) and {@link TargetSettings#maxProcessingThreads()} worker threads (10,000 for
 *       the blocking strategies, 100 for the others); for {@code virtual} as many workers as I/O
 *       threads, requests running on virtual threads instead. XNIO starts every I/O thread at once and
 *       the workers on demand. The study split its thread limit in halves, 5,000 I/O threads and 5,000
 *       workers: on one core, each request then woke its connection's own I/O thread twice (for the
 *       request's bytes, and when the worker that answered it resumed reading the connection), and
 *       the sync cells paid about two context switches more per request ({@link #facts});</li>
 *   <li>Undertow's own defaults otherwise: 16 KiB direct buffers (heap ones on virtual threads:
 *       {@link #bufferPool}), {@code CORK}, pipelined data buffered, {@code Date} sent; but no
 *       {@code Connection: keep-alive} on HTTP/1.1 responses, which no other target sends;</li>
 *   <li>backlog, {@code SO_REUSEADDR} and {@code TCP_NODELAY} from the settings;</li>
 *   <li>the idle timeout with the meaning every target gives it: a connection is closed when nothing
 *       has been read or written for that long while the server waits for a request (Undertow's
 *       {@code NO_REQUEST_TIMEOUT}), for the rest of one (XNIO's {@code READ_TIMEOUT}) or for the
 *       client to take a response ({@code WRITE_TIMEOUT}); a request the handler holds is not idle.
 *       (Undertow's own {@code IDLE_TIMEOUT} is not used: on HTTP/1.1 it installs a conduit whose
 *       timeout is never set, and an idle connection stayed open for ever.);</li>
 *   <li>in front of the target's handler, {@link FinalChunkedRequired}: a request whose final transfer
 *       coding is not chunked is a 400 and a close, which Undertow does not do itself; then
 *       {@link UndertowStatsInPlace}: {@code /stats} is answered on the I/O thread, before any dispatch.</li>
 * </ul>
 * Undertow logs through JBoss Logging, sent to slf4j here (as Jetty and Netty log), so that
 * XNIO's start-up banner does not reach stderr: only warnings do.
 */
final class UndertowServers {

    /**
     * Where a traced request's first read is stamped on Undertow: its request start time, taken on the
     * I/O thread when the head is parsed, before the handler chain runs; recorded only with
     * {@code --trace} ({@code UndertowOptions.RECORD_REQUEST_START_TIME}). Undertow keeps no earlier time.
     */
    static final String TRACE_FIRST_READ = "Undertow parsed the request's head on its I/O thread, before its handlers run "
            + "(its request start time, recorded only with --trace)";

    private UndertowServers() {
    }

    /**
     * Sends JBoss Logging (Undertow's and XNIO's) to slf4j. Call before any Undertow class logs: JBoss
     * Logging picks its provider once, and would pick java.util.logging, whose INFO lines go to stderr.
     */
    static void routeLogging() {
        if (System.getProperty("org.jboss.logging.provider") == null) {
            System.setProperty("org.jboss.logging.provider", "slf4j");
        }
    }

    static int ioThreads(TargetSettings settings) {
        return settings.ioThreads();
    }

    private static final int BUFFER_SIZE = 16 * 1024;
    /** No bound on the buffers the pool keeps, as Undertow's two-argument pool has. */
    private static final int UNBOUNDED_POOL = -1;

    static int workerThreads(TargetSettings settings) {
        return settings.strategy().onVirtualThreads() ? settings.ioThreads() : settings.maxProcessingThreads();
    }

    /**
     * Undertow's pool of 16 KiB buffers. It keeps buffers per thread (a thread-local cache, and
     * allocation records that die with their thread); on virtual threads, a new thread per request,
     * what a request's thread held is not returned to the pool, and the pool allocates anew. With
     * direct buffers that exhausted the JVM's direct memory within seconds of load (measured: a
     * virtual cell stopped answering, "Cannot reserve 16384 bytes of direct buffer memory"; without
     * the thread-local cache it only took longer), since direct memory is freed only when a GC
     * happens to run. So the virtual cells pool heap buffers, which the collector reclaims like any
     * garbage, at the price of the copy into a direct buffer the JDK makes for each socket write.
     */
    static DefaultByteBufferPool bufferPool(TargetSettings settings) {
        if (settings.strategy().onVirtualThreads()) {
            return new DefaultByteBufferPool(false, BUFFER_SIZE, UNBOUNDED_POOL, 0);
        }
        return new DefaultByteBufferPool(true, BUFFER_SIZE);
    }

    /** The card facts both Undertow targets share, for {@code strategy}. */
    static CellFacts facts(Strategy strategy) {
        boolean virtual = strategy.onVirtualThreads();
        String io = "one XNIO I/O thread per processor, accepting too";
        String workers = virtual ? "a virtual thread per request"
                : "XNIO worker threads, " + ServerTechnology.threadLimit(strategy) + ", started on demand";
        String buffers = virtual
                ? BUFFER_SIZE / 1024 + " KiB heap, pooled (direct ones ran out on virtual threads); the JDK copies each into a "
                        + "direct buffer to write it"
                : BUFFER_SIZE / 1024 + " KiB direct, pooled (kept per thread)";
        List<String> deviations = new ArrayList<>();
        deviations.add("one I/O thread per processor, as every server, and the whole thread limit as workers, where the "
                + "study split the limit in halves (5,000 I/O threads and 5,000 workers for a blocking strategy), which "
                + "cost about two context switches more per request (the Undertow sync section of docs/servlet-targets.md)");
        if (virtual) {
            deviations.add("heap buffers, not direct: Undertow keeps buffers per thread, and with a new thread per request "
                    + "direct memory ran out within seconds of load");
        }
        deviations.add("no Connection: keep-alive on HTTP/1.1 responses, which no other target sends; its head's fields come "
                + "in the order of its header map, which no handler chooses");
        return new CellFacts(io, workers, buffers,
                "NO_REQUEST_TIMEOUT, READ_TIMEOUT and WRITE_TIMEOUT (its IDLE_TIMEOUT does nothing on HTTP/1.1)", deviations);
    }

    /**
     * Starts a worker and a listener that hands every connection to the handler {@code root} makes
     * for the worker; {@code onClose} runs once the worker has stopped (a virtual-thread executor's
     * shutdown, say).
     */
    static RunningServer start(TargetSettings settings, HelloService hello, String name,
                               Function<XnioWorker, HttpHandler> root, Runnable onClose) throws IOException {
        Xnio xnio = Xnio.getInstance(UndertowServers.class.getClassLoader());
        XnioWorker worker = xnio.createWorker(OptionMap.builder()
                .set(Options.WORKER_NAME, name)
                .set(Options.WORKER_IO_THREADS, ioThreads(settings))
                .set(Options.WORKER_TASK_CORE_THREADS, workerThreads(settings))
                .set(Options.WORKER_TASK_MAX_THREADS, workerThreads(settings))
                .set(Options.CONNECTION_HIGH_WATER, 1_000_000)
                .set(Options.CONNECTION_LOW_WATER, 1_000_000)
                .set(Options.TCP_NODELAY, settings.tcpNoDelay())
                .set(Options.CORK, true)
                .getMap());
        int idleMillis = (int) Math.min(Integer.MAX_VALUE, settings.idleTimeout().toMillis());
        try {
            OptionMap socketOptions = OptionMap.builder()
                    .set(Options.WORKER_IO_THREADS, ioThreads(settings))
                    .set(Options.TCP_NODELAY, settings.tcpNoDelay())
                    .set(Options.REUSE_ADDRESSES, settings.reuseAddress())
                    .set(Options.BALANCING_TOKENS, 1)
                    .set(Options.BALANCING_CONNECTIONS, 2)
                    .set(Options.BACKLOG, settings.backlog())
                    .set(Options.READ_TIMEOUT, idleMillis)
                    .set(Options.WRITE_TIMEOUT, idleMillis)
                    .getMap();
            OptionMap serverOptions = OptionMap.builder()
                    .set(UndertowOptions.BUFFER_PIPELINED_DATA, true)
                    // No "Connection: keep-alive" on HTTP/1.1 responses, where it says nothing: the
                    // same head as every other target's.
                    .set(UndertowOptions.ALWAYS_SET_KEEP_ALIVE, false)
                    .set(UndertowOptions.NO_REQUEST_TIMEOUT, idleMillis)
                    // A traced request's first read: a nanoTime() per request, so only when tracing.
                    .set(UndertowOptions.RECORD_REQUEST_START_TIME, hello.tracing() != null)
                    .getMap();
            HttpOpenListener open = new HttpOpenListener(bufferPool(settings), serverOptions);
            open.setRootHandler(new FinalChunkedRequired(new UndertowStatsInPlace(hello, root.apply(worker))));
            ChannelListener<AcceptingChannel<StreamConnection>> accept = ChannelListeners.openListenerAdapter(open);
            AcceptingChannel<StreamConnection> listener = worker.createStreamConnectionServer(
                    new InetSocketAddress(settings.host(), settings.port()), accept, socketOptions);
            listener.resumeAccepts();
            return new RunningUndertow(worker, listener, onClose);
        } catch (IOException | RuntimeException failed) {
            worker.shutdownNow();
            onClose.run();
            throw failed;
        }
    }

    private record RunningUndertow(XnioWorker worker, AcceptingChannel<StreamConnection> listener, Runnable onClose)
            implements RunningServer {

        @Override
        public int port() {
            return listener.getLocalAddress(InetSocketAddress.class).getPort();
        }

        @Override
        public void stopAccepting() {
            IoUtils.safeClose(listener);
        }

        @Override
        public void close() {
            IoUtils.safeClose(listener);
            // Closes every channel and stops every I/O and worker thread.
            worker.shutdownNow();
            try {
                worker.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            } finally {
                onClose.run();
            }
        }
    }
}
