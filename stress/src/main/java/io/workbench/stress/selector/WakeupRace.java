package io.workbench.stress.selector;

import io.workbench.iocore.selector.SelectorWakeup;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * One jcstress iteration of a race on the selector's wakeup flag: a flag of the variant this VM
 * runs ({@link WakeupUnderTest#create}) and the JCTools MPSC queue of actions it guards, driven
 * as {@code ManagedSelector} drives them, with no selector behind them.
 *
 * <p>A submitter offers an action, then asks whether it must wake the selector; the selector
 * thread asks whether it may block, and says when the select returned. Every call returns what
 * the outcome shows: {@code block} or {@code selectNow} for the selector, {@code wakeup} or
 * {@code no-wakeup} for a submitter, or the name of the exception a call threw.
 */
public final class WakeupRace {

    /** ManagedSelector's chunk is 256; a small one keeps the per-sample allocation down and orders the same. */
    private static final int CHUNK = 8;
    private static final Runnable ACTION = () -> { };

    private final MpscUnboundedArrayQueue<Runnable> actions = new MpscUnboundedArrayQueue<>(CHUNK);
    private final WakeupUnderTest wakeup = WakeupUnderTest.create();

    /** A submitter, as ManagedSelector.submit(): offers an action, then claims the wakeup. */
    public String submit() {
        actions.offer(ACTION);
        return claimWakeup();
    }

    /** A submitter whose action is already queued claims the wakeup. */
    public String claimWakeup() {
        try {
            return wakeup.claimWakeup() ? "wakeup" : "no-wakeup";
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }

    /** Queues an action without claiming: what a submitter did before the race. */
    public void offer() {
        actions.offer(ACTION);
    }

    /** The selector thread is about to select. */
    public String prepareToSelect() {
        try {
            return wakeup.prepareToSelect(actions) ? "block" : "selectNow";
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }

    /** The blocking select returned; @return {@code ok} or the exception's name */
    public String selected() {
        try {
            wakeup.selected();
            return "ok";
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }

    /** @return the flag's state, e.g. {@code PROCESSING} */
    public String state() {
        return SelectorWakeup.name(wakeup.get());
    }
}
