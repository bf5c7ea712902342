package io.workbench.stress.callback;

import io.workbench.stress.callback.mutant.CallbackBug;
import io.workbench.stress.harness.Variant;

/**
 * The API of an iterating callback as the race tests drive it. {@link RealCallback} gets it by
 * subclassing iocore's IteratingCallback, exactly as production code does; {@link MutantCallback}
 * by subclassing a mutant copy. Which one a VM creates is chosen once, by {@link Variant}.
 */
interface CallbackUnderTest {

    /** What this VM runs: the real IteratingCallback unless the harness selected a copy. */
    Variant<CallbackBug> VARIANT = Variant.selected(CallbackBug.MACHINE, CallbackBug.class);

    /** A new callback of the selected variant whose process() and hooks are {@code task}'s. */
    static CallbackUnderTest create(CallbackBody task) {
        return VARIANT.isReal() ? new RealCallback(task) : new MutantCallback(VARIANT.bug(), task);
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
