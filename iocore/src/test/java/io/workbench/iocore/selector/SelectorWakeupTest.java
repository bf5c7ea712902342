package io.workbench.iocore.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Queue;
import org.junit.jupiter.api.Test;

/** The wakeup flag's single-thread paths; the races are jcstress's. */
class SelectorWakeupTest {

    private final Queue<Runnable> queue = new ArrayDeque<>();
    private final SelectorWakeup wakeup = new SelectorWakeup();

    @Test
    void awakeSelectorNeedsNoWakeup() {
        queue.add(() -> { });
        assertFalse(wakeup.claimWakeup());
        assertEquals(SelectorWakeup.PROCESSING, wakeup.get());
    }

    @Test
    void onlyOneSubmitterWakesABlockedSelector() {
        assertTrue(wakeup.prepareToSelect(queue));
        queue.add(() -> { });
        assertTrue(wakeup.claimWakeup());
        assertFalse(wakeup.claimWakeup(), "the second submitter must not wake it again");
        wakeup.selected();
        assertEquals(SelectorWakeup.PROCESSING, wakeup.get());
    }

    @Test
    void selectorThatFindsWorkDoesNotBlock() {
        queue.add(() -> { });
        assertFalse(wakeup.prepareToSelect(queue));
        assertEquals(SelectorWakeup.PROCESSING, wakeup.get());
        assertFalse(wakeup.claimWakeup());
    }

    @Test
    void selectReturningByItselfGoesBackToProcessing() {
        assertTrue(wakeup.prepareToSelect(queue));
        wakeup.selected();
        assertEquals(SelectorWakeup.PROCESSING, wakeup.get());
        assertTrue(wakeup.toString().contains("PROCESSING"), wakeup.toString());
    }
}
