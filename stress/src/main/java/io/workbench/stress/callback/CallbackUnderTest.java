package io.workbench.stress.callback;

import io.workbench.stress.callback.mutant.CallbackBug;
import io.workbench.stress.harness.Variant;
import java.lang.invoke.MethodHandle;

/**
 * The API of an iterating callback as the race tests drive it. {@link RealCallback} gets it by
 * subclassing iocore's IteratingCallback, exactly as production code does; for a copy (the control
 * or a mutant), the build generates a twin of RealCallback that subclasses the copy. Which one a VM
 * creates is chosen once, by {@link Variant}. Public, as the twins live in other packages.
 */
public interface CallbackUnderTest {

    /** What this VM runs: the real IteratingCallback unless the harness selected a copy. */
    Variant<CallbackBug> VARIANT = Variant.selected(CallbackBug.MACHINE, CallbackBug.class);

    /** The constructor of RealCallback's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealCallback.class, CallbackBody.class);

    /** A new callback of the selected variant whose process() and hooks are {@code task}'s. */
    static CallbackUnderTest create(CallbackBody task) {
        if (VARIANT.isReal()) {
            return new RealCallback(task);
        }
        try {
            return (CallbackUnderTest) COPY.invoke(task);
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    void iterate();

    void succeeded();

    void failed(Throwable cause);

    boolean abort(Throwable cause);

    void close();

    boolean reset();

    boolean isIdle();

    boolean isClosed();
}
