package io.workbench.targets;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT as an event the target command waits for. The JVM's default reaction (run the
 * shutdown hooks, exit with 128 + the signal) would make a clean stop look like a failure to the
 * benchmark scripts; handling the signals ourselves lets the command stop the server in order
 * and exit 0. {@code sun.misc.Signal} (module jdk.unsupported) is the only JDK API for that.
 */
final class StopSignal {

    private final CountDownLatch received = new CountDownLatch(1);

    private StopSignal() {
    }

    /** Takes over SIGTERM and SIGINT for this JVM. */
    static StopSignal install() {
        StopSignal stop = new StopSignal();
        for (String name : List.of("TERM", "INT")) {
            Signal.handle(new Signal(name), signal -> stop.received.countDown());
        }
        return stop;
    }

    /** Returns once SIGTERM or SIGINT has arrived (at once if one already has). */
    void await() throws InterruptedException {
        received.await();
    }

    @Override
    public String toString() {
        return "StopSignal[" + (received.getCount() == 0 ? "RECEIVED" : "WAITING") + "]";
    }
}
