package io.workbench.stress.selector;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.selector.mutant.WakeupBug;
import java.lang.invoke.MethodHandle;
import java.util.Queue;

/**
 * The API of the selector's wakeup flag as the race tests drive it, which is the API
 * {@code ManagedSelector} uses: iocore's SelectorWakeup through {@link RealWakeup}, or a generated
 * copy (the control or a mutant) through RealWakeup's twin beside it. Which one a VM creates is
 * chosen once, by {@link Variant}. Public, as the twins live in other packages.
 */
public interface WakeupUnderTest {

    /** What this VM runs: the real SelectorWakeup unless the harness selected a copy. */
    Variant<WakeupBug> VARIANT = Variant.selected(WakeupBug.MACHINE, WakeupBug.class);

    /** The constructor of RealWakeup's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealWakeup.class);

    /** A new wakeup flag of the selected variant. */
    static WakeupUnderTest create() {
        if (VARIANT.isReal()) {
            return new RealWakeup();
        }
        try {
            return (WakeupUnderTest) COPY.invoke();
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    boolean prepareToSelect(Queue<?> actions);

    boolean claimWakeup();

    void selected();

    /** One of SelectorWakeup's state constants. */
    int get();
}
