package io.workbench.iocore.selector;

import io.workbench.iocore.component.Dumpable;
import io.workbench.iocore.component.LifeCycle;
import io.workbench.iocore.io.ConnectionFactory;
import io.workbench.iocore.thread.BoundedThreadPool;
import io.workbench.iocore.thread.ExecutionStrategy;
import io.workbench.iocore.thread.StrategyCounts;
import io.workbench.iocore.thread.ThreadPool;
import io.workbench.iocore.thread.VirtualThreadPool;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Owns the {@link ManagedSelector}s (by default one per core) and the threads that drive them:
 * a bounded pool of platform threads that run selector production (and, with
 * {@link Workers#PLATFORM}, the blocking tasks too), and, with {@link Workers#VIRTUAL}, a virtual
 * thread per blocking task. Accepted and connected channels are spread over the selectors
 * round-robin.
 *
 * <p>{@link #stop()} closes every endpoint on every selector (their connections' {@code onClose}
 * runs), closes the selectors, and joins every thread the manager started.
 */
public final class SelectorManager implements LifeCycle, Dumpable {

    /** Where blocking tasks run when they are not consumed in place. */
    public enum Workers {
        /** The bounded platform pool that also runs selector production. */
        PLATFORM,
        /** One virtual thread per task. */
        VIRTUAL
    }

    /**
     * How a manager is built.
     *
     * @param name              prefix of thread names
     * @param selectors         number of selectors, at least 1
     * @param strategy          how the selectors run the tasks they produce
     * @param workers           where blocking tasks go
     * @param maxThreads        bound of the platform pool; with PLATFORM workers it must leave
     *                          threads for blocking tasks beyond one per selector
     * @param idleTimeoutMillis idle timeout of new endpoints; 0 for none
     * @param deadlineWait      how the selectors wait for a scheduled task due within a millisecond
     */
    public record Config(String name, int selectors, ExecutionStrategy.Kind strategy, Workers workers,
                         int maxThreads, long idleTimeoutMillis, DeadlineWait deadlineWait) {

        public Config {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(deadlineWait, "deadlineWait");
            Objects.requireNonNull(strategy, "strategy");
            Objects.requireNonNull(workers, "workers");
            if (selectors < 1) {
                throw new IllegalArgumentException("selectors must be at least 1, was " + selectors);
            }
            if (maxThreads < selectors + 1) {
                throw new IllegalArgumentException("maxThreads (" + maxThreads + ") must exceed selectors (" + selectors
                        + "): each selector occupies a thread while it produces");
            }
            if (idleTimeoutMillis < 0) {
                throw new IllegalArgumentException("idleTimeoutMillis must not be negative, was " + idleTimeoutMillis);
            }
        }

        /** One selector per core, adaptive strategy, 200 platform threads, 30 s idle timeout, deadlines in whole milliseconds. */
        public static Config defaults() {
            return new Config("iocore", Runtime.getRuntime().availableProcessors(), ExecutionStrategy.Kind.ADAPTIVE,
                    Workers.PLATFORM, 200, 30_000, DeadlineWait.SELECT_MILLIS);
        }

        public Config withName(String value) {
            return new Config(value, selectors, strategy, workers, maxThreads, idleTimeoutMillis, deadlineWait);
        }

        public Config withSelectors(int value) {
            return new Config(name, value, strategy, workers, maxThreads, idleTimeoutMillis, deadlineWait);
        }

        public Config withStrategy(ExecutionStrategy.Kind value) {
            return new Config(name, selectors, value, workers, maxThreads, idleTimeoutMillis, deadlineWait);
        }

        public Config withWorkers(Workers value) {
            return new Config(name, selectors, strategy, value, maxThreads, idleTimeoutMillis, deadlineWait);
        }

        public Config withMaxThreads(int value) {
            return new Config(name, selectors, strategy, workers, value, idleTimeoutMillis, deadlineWait);
        }

        public Config withIdleTimeoutMillis(long value) {
            return new Config(name, selectors, strategy, workers, maxThreads, value, deadlineWait);
        }

        public Config withDeadlineWait(DeadlineWait value) {
            return new Config(name, selectors, strategy, workers, maxThreads, idleTimeoutMillis, value);
        }

        /** How often a selector looks for expired endpoints: a quarter of the idle timeout, within 10..200 ms. */
        long sweepPeriodMillis() {
            long quarter = idleTimeoutMillis == 0 ? 200 : idleTimeoutMillis / 4;
            return Math.max(10, Math.min(200, quarter));
        }
    }

    private final Config config;
    private final BoundedThreadPool producerPool;
    private final ThreadPool workerPool;
    private final ManagedSelector[] selectors;
    private final AtomicInteger next = new AtomicInteger();
    private volatile boolean running;

    public SelectorManager(Config config) {
        this(config, SelectorOpener.SYSTEM, SelectFailures.Policy.DEFAULT);
    }

    /** With where selectors come from and how a failing select is answered replaced, for tests. */
    SelectorManager(Config config, SelectorOpener opener, SelectFailures.Policy failurePolicy) {
        this.config = Objects.requireNonNull(config, "config");
        Objects.requireNonNull(opener, "opener");
        Objects.requireNonNull(failurePolicy, "failurePolicy");
        // One idle thread beyond the selectors' own keeps the adaptive hand-off possible from the start.
        int producers = config.workers() == Workers.PLATFORM ? config.maxThreads() : 2 * config.selectors() + 1;
        this.producerPool = new BoundedThreadPool(config.name(), producers, config.selectors() + 1, 60_000);
        this.workerPool = config.workers() == Workers.PLATFORM ? producerPool : new VirtualThreadPool(config.name() + "-virtual");
        this.selectors = new ManagedSelector[config.selectors()];
        for (int i = 0; i < selectors.length; i++) {
            selectors[i] = new ManagedSelector(this, i, config.strategy(), config.sweepPeriodMillis(), opener,
                    failurePolicy, config.deadlineWait());
        }
    }

    @Override
    public synchronized void start() throws IOException {
        if (running) {
            throw new IllegalStateException("already started: " + this);
        }
        producerPool.start();
        if (workerPool != producerPool) {
            workerPool.start();
        }
        running = true;
        try {
            for (ManagedSelector selector : selectors) {
                selector.start();
            }
        } catch (IOException | RuntimeException x) {
            stop();
            throw x;
        }
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        for (ManagedSelector selector : selectors) {
            selector.stop();
        }
        if (workerPool != producerPool) {
            workerPool.stop();
        }
        producerPool.stop();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Registers an accepted, non-blocking channel on the next selector and opens its connection there. */
    public void accept(SocketChannel channel, ConnectionFactory factory) {
        nextSelector().register(channel, factory);
    }

    /** @return the selector the next channel goes to (round-robin) */
    public ManagedSelector nextSelector() {
        return selectors[Math.floorMod(next.getAndIncrement(), selectors.length)];
    }

    /** @return the selectors, in order */
    public List<ManagedSelector> getSelectors() {
        return List.of(selectors);
    }

    /** What the execution strategies of all the selectors have done so far, summed per mode. */
    public StrategyCounts.Snapshot strategyCounts() {
        StrategyCounts.Snapshot sum = StrategyCounts.Snapshot.ZERO;
        for (ManagedSelector selector : selectors) {
            sum = sum.plus(selector.getStrategy().counts());
        }
        return sum;
    }

    /** @return select calls that threw, over all selectors since they started (each selector's are in its toString) */
    public long getSelectFailures() {
        long sum = 0;
        for (ManagedSelector selector : selectors) {
            sum += selector.getSelectFailures();
        }
        return sum;
    }

    /** @return selectors replaced by new ones after failing, over all selectors */
    public long getSelectorRebuilds() {
        long sum = 0;
        for (ManagedSelector selector : selectors) {
            sum += selector.getSelectorRebuilds();
        }
        return sum;
    }

    /** @return open endpoints over all selectors */
    public int getEndPointCount() {
        int count = 0;
        for (ManagedSelector selector : selectors) {
            count += selector.getEndPointCount();
        }
        return count;
    }

    /** @return the platform threads that run selector production */
    public ThreadPool getProducerPool() {
        return producerPool;
    }

    /** @return where blocking tasks run (the producer pool itself with PLATFORM workers) */
    public ThreadPool getWorkerPool() {
        return workerPool;
    }

    public Config getConfig() {
        return config;
    }

    @Override
    public void dump(StringBuilder out, String indent) {
        Dumpable.line(out, indent, this);
        producerPool.dump(out, indent + "  ");
        if (workerPool != producerPool) {
            workerPool.dump(out, indent + "  ");
        }
        for (ManagedSelector selector : selectors) {
            selector.dump(out, indent + "  ");
        }
    }

    @Override
    public String toString() {
        return "SelectorManager@" + Integer.toHexString(hashCode()) + "[" + config.name() + (running ? ",RUNNING" : ",STOPPED")
                + ",selectors=" + selectors.length + "," + config.strategy() + "," + config.workers()
                + ",endPoints=" + getEndPointCount() + "]";
    }
}
