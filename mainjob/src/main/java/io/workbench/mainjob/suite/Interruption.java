package io.workbench.mainjob.suite;

import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM stop the run gently: the load run under way is asked to stop (it
 * still writes its summary), the current target is stopped, what finished is kept and the report
 * is written. A second signal while stopping is ignored, so the report is not cut off half-way.
 */
public final class Interruption {

    private final AtomicBoolean requested = new AtomicBoolean();
    private final Runnable onFirstSignal;

    private Interruption(Runnable onFirstSignal) {
        this.onFirstSignal = onFirstSignal;
    }

    /** Installs the handler for INT and TERM; {@code onFirstSignal} runs once, on the signal thread. */
    public static Interruption install(Runnable onFirstSignal) {
        Interruption interruption = new Interruption(onFirstSignal);
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> interruption.request());
            } catch (IllegalArgumentException unavailable) {
                // The JVM was started with -Xrs or the signal is in use: Ctrl-C then ends the run the usual way.
            }
        }
        return interruption;
    }

    /** Not installed: for runs driven from a test. */
    public static Interruption none() {
        return new Interruption(() -> { });
    }

    public void request() {
        if (requested.compareAndSet(false, true)) {
            onFirstSignal.run();
        }
    }

    public boolean requested() {
        return requested.get();
    }
}
