package io.workbench.stress.selector;

import io.workbench.iocore.selector.SelectorWakeup;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.selector.mutant.SelectorWakeupMutant;
import io.workbench.stress.selector.mutant.WakeupBug;
import java.util.Queue;

/**
 * The API of the selector's wakeup flag as the race tests drive it, which is the API
 * {@code ManagedSelector} uses: iocore's {@link SelectorWakeup}, or a mutant copy. Which one a VM
 * creates is chosen once, by {@link Variant}.
 */
interface WakeupUnderTest {

    /** What this VM runs: the real SelectorWakeup unless the harness selected a copy. */
    Variant<WakeupBug> VARIANT = Variant.selected(WakeupBug.MACHINE, WakeupBug.class);

    /** A new wakeup flag of the selected variant. */
    static WakeupUnderTest create() {
        if (VARIANT.isReal()) {
            SelectorWakeup real = new SelectorWakeup();
            return new WakeupUnderTest() {
                @Override
                public boolean prepareToSelect(Queue<?> actions) {
                    return real.prepareToSelect(actions);
                }

                @Override
                public boolean claimWakeup() {
                    return real.claimWakeup();
                }

                @Override
                public void selected() {
                    real.selected();
                }

                @Override
                public int get() {
                    return real.get();
                }
            };
        }
        SelectorWakeupMutant copy = new SelectorWakeupMutant(VARIANT.bug());
        return new WakeupUnderTest() {
            @Override
            public boolean prepareToSelect(Queue<?> actions) {
                return copy.prepareToSelect(actions);
            }

            @Override
            public boolean claimWakeup() {
                return copy.claimWakeup();
            }

            @Override
            public void selected() {
                copy.selected();
            }

            @Override
            public int get() {
                return copy.get();
            }
        };
    }

    boolean prepareToSelect(Queue<?> actions);

    boolean claimWakeup();

    void selected();

    /** One of SelectorWakeup's state constants. */
    int get();
}
