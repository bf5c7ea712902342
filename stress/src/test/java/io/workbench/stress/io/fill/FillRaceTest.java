package io.workbench.stress.io.fill;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The fill-interest fixture on one thread: the sequential orders of each race render exactly the
 * outcomes its jcstress test accepts, and registrations that do not add up are a violation.
 * (This VM runs the real FillInterest: no variant is selected.)
 */
class FillRaceTest {

    @Test
    void fillableSucceedsTheRegisteredCallbackAndOnFailFindsNothing() {
        FillRace race = new FillRace();
        race.setup().register(1);
        String fillable = race.first().fillable();
        String onFail = race.second().onFail("x");
        assertEquals("cb1=succeeded@1 interest=1; fillable=true onFail=false IDLE",
                race.outcome(1, "fillable=" + fillable, "onFail=" + onFail, race.arbiter().state()));
    }

    @Test
    void aSecondRegistrationIsRefused() {
        FillRace race = new FillRace();
        String register1 = race.first().register(1);
        String register2 = race.second().register(2);
        FillRace.Actor arbiter = race.arbiter();
        arbiter.fillable();
        assertEquals("cb1=succeeded@a cb2=none interest=1; register=ok,ReadPendingException IDLE",
                race.outcome(2, "register=" + register1 + "," + register2, arbiter.state()));
    }

    @Test
    void aRegistrationAfterCloseIsFailedByTheRegisteringThread() {
        FillRace race = new FillRace();
        race.second().close();
        race.first().fillInterested(1);
        assertEquals("cb1=failed:closed@1 interest=1; IDLE", race.outcome(1, race.arbiter().state()));
    }

    @Test
    void aCloseAfterTheRegistrationFailsIt() throws InterruptedException {
        FillRace race = new FillRace();
        race.first().fillInterested(1);
        onAnotherThread(() -> {
            race.second().close();
            return "closed";
        });
        assertEquals("cb1=failed:closed@2 interest=1; IDLE", race.outcome(1, race.arbiter().state()));
    }

    @Test
    void aReregistrationInSucceededIsCompletedByTheNextFillable() throws InterruptedException {
        FillRace race = new FillRace();
        race.reregisterOnFirstSuccess(1);
        race.setup().register(1);
        String fillable1 = race.first().fillable();
        String fillable2 = onAnotherThread(() -> race.second().fillable());
        assertEquals("cb1=succeeded@1+succeeded@2 interest=2; fillable=true,true IDLE",
                race.outcome(1, "fillable=" + fillable1 + "," + fillable2, race.arbiter().state()));
    }

    @Test
    void aReregistrationInSucceededWaitsIfNoFillableFollows() {
        FillRace race = new FillRace();
        race.reregisterOnFirstSuccess(1);
        race.setup().register(1);
        String fillable1 = race.first().fillable();
        assertEquals("cb1=succeeded@1 interest=2; fillable=true INTERESTED",
                race.outcome(1, "fillable=" + fillable1, race.arbiter().state()));
    }

    @Test
    void aCompletionWithoutARegistrationIsUnbalanced() {
        FillRace race = new FillRace();
        race.first().register(1);
        race.first().fillable();
        race.callback(1).failed(new IllegalStateException());
        assertEquals("VIOLATION unbalanced: cb1=succeeded@1+failed:IllegalStateException@1 interest=1", race.outcome(1));
    }

    /** Runs {@code call} on a thread of its own, so that the outcome tells it from the first actor. */
    private static String onAnotherThread(Supplier<String> call) throws InterruptedException {
        AtomicReference<String> result = new AtomicReference<>();
        Thread.ofPlatform().start(() -> result.set(call.get())).join();
        return result.get();
    }
}
