package io.workbench.stress.selector;

import io.workbench.iocore.selector.SelectorWakeup;
import java.util.Queue;

/**
 * The real SelectorWakeup, driven through {@link WakeupUnderTest}. The build also copies this class
 * beside each generated copy of SelectorWakeup (the control and every mutant), where the same code
 * drives the copy; so it names SelectorWakeup only through its import.
 */
final class RealWakeup implements WakeupUnderTest {

    private final SelectorWakeup wakeup = new SelectorWakeup();

    @Override
    public boolean prepareToSelect(Queue<?> actions) {
        return wakeup.prepareToSelect(actions);
    }

    @Override
    public boolean claimWakeup() {
        return wakeup.claimWakeup();
    }

    @Override
    public void selected() {
        wakeup.selected();
    }

    @Override
    public int get() {
        return wakeup.get();
    }
}
