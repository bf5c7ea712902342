package io.workbench.stress.selector.interest;

import io.workbench.iocore.selector.EndPointWords;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One jcstress iteration of a race on the interest word: a word of the variant this VM runs
 * ({@link InterestUnderTest#create}) with a model of what {@code SocketChannelEndPoint} and
 * {@code ManagedSelector} do around it: a count of update actions submitted and not yet run (the
 * selector's queue), and the ops the selection key has (written by the selector only).
 *
 * <p>{@link #settle()} is the arbiter's: it runs the queued updates, as the selector's next round
 * would, and reports {@code queued=N key=RW word=RW}: how many updates were queued, the key's
 * ops, the word. The promises: the key ends with exactly the word's ops, no op asked for is
 * missing, and concurrent changes queue one update.
 */
public final class InterestRace {

    private final InterestUnderTest word = InterestUnderTest.create();
    private final AtomicInteger queued = new AtomicInteger();
    /** Selector-owned, as SocketChannelEndPoint.keyOps; the arbiter reads it after the actors. */
    private int keyOps;

    private InterestRace() {
    }

    /** A race on a key registered for {@code ops} (0 for none), brought there by the machine's own calls. */
    public static InterestRace registeredFor(int ops) {
        InterestRace race = new InterestRace();
        if (ops != 0) {
            race.change(ops);
            race.runQueuedUpdate();
        }
        return race;
    }

    /** changeInterests(op) from any thread: {@code submit} if it queued an update, else {@code -}. */
    public String change(int op) {
        if (word.add(op)) {
            queued.incrementAndGet();
            return "submit";
        }
        return "-";
    }

    /** The selector selected the key with {@code ready}, and the round ends with its updateKey. */
    public void selectedRound(int ready) {
        word.selected(ready);
        updateKey();
    }

    /** The selector runs one queued update action. */
    public void runQueuedUpdate() {
        if (queued.getAndDecrement() <= 0) {
            throw new IllegalStateException("no update queued");
        }
        updateKey();
    }

    /** @return {@code queued=N key=.. word=..} after running every queued update */
    public String settle() {
        int n = queued.get();
        for (int i = 0; i < n; i++) {
            runQueuedUpdate();
        }
        return "queued=" + n + " key=" + EndPointWords.interestName(keyOps) + " word=" + EndPointWords.interestName(word.word());
    }

    private void updateKey() {
        int ops = word.update();
        if (ops != keyOps) {
            keyOps = ops;
        }
    }
}
