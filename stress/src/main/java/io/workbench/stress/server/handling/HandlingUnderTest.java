package io.workbench.stress.server.handling;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.server.handling.mutant.HandlingBug;
import java.lang.invoke.MethodHandle;

/**
 * The API of the server connection's handling state as the race tests drive it, which is the API
 * the connection uses: iocore's HandlingState through {@link RealHandling}, or a generated copy
 * (the control or a mutant) through RealHandling's twin beside it. Which one a VM creates is chosen
 * once, by {@link Variant}. Public, as the twins live in other packages.
 */
public interface HandlingUnderTest {

    /** What this VM runs: the real HandlingState unless the harness selected a copy. */
    Variant<HandlingBug> VARIANT = Variant.selected(HandlingBug.MACHINE, HandlingBug.class);

    /** The constructor of RealHandling's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealHandling.class);

    /** A new handling state of the selected variant, IDLE. */
    static HandlingUnderTest create() {
        if (VARIANT.isReal()) {
            return new RealHandling();
        }
        try {
            return (HandlingUnderTest) COPY.invoke();
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    void dispatch();

    boolean handled();

    boolean completed();

    /** One of HandlingState's states. */
    int get();
}
