package io.workbench.stress.io.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.stress.build.MutantGenerator;
import io.workbench.stress.io.write.WriteRace.Flush;
import io.workbench.stress.io.write.mutant.WriteFlusherBug;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The write-flusher fixture on one thread: the sequential orders of each race render exactly the
 * outcomes its jcstress test accepts, and the invariants it watches do trip. (This VM runs the
 * real WriteFlusher: no variant is selected.)
 */
class WriteRaceTest {

    @Test
    void aPartialWriteFailedFromPendingIsFailedByTheFailingThread() throws InterruptedException {
        WriteRace race = new WriteRace(Flush.PARTIAL);
        String write = race.first().write(1);
        String onFail = onAnotherThread(() -> race.second().onFail("x"));
        WriteRace.Actor arbiter = race.arbiter();
        assertEquals("cb1=failed:x@2 flushes=1 incomplete=1; write=ok onFail=true FAILED failure=x",
                race.outcome(1, "write=" + write, "onFail=" + onFail, arbiter.state(), "failure=" + arbiter.failure()));
    }

    @Test
    void aWriteAfterOnFailFailsAtOnceWithoutFlushing() {
        WriteRace race = new WriteRace(Flush.PARTIAL);
        String onFail = race.second().onFail("x");
        String write = race.first().write(1);
        WriteRace.Actor arbiter = race.arbiter();
        assertEquals("cb1=failed:x@1 flushes=0 incomplete=0; write=ok onFail=false FAILED failure=x",
                race.outcome(1, "write=" + write, "onFail=" + onFail, arbiter.state(), "failure=" + arbiter.failure()));
    }

    @Test
    void aSecondWriteWhilePendingIsRefusedAndTheFirstCompletesLater() {
        WriteRace race = new WriteRace(Flush.PARTIAL, Flush.ALL);
        String write1 = race.first().write(1);
        String write2 = race.second().write(2);
        WriteRace.Actor arbiter = race.arbiter();
        arbiter.completeWrite();
        assertEquals("cb1=succeeded@a cb2=none flushes=2 incomplete=1; writes=ok,WritePendingException IDLE",
                race.outcome(2, "writes=" + write1 + "," + write2, arbiter.state()));
    }

    @Test
    void completeWriteOfAPendingWriteSucceedsItOnTheCompletingThread() throws InterruptedException {
        WriteRace race = new WriteRace(Flush.PARTIAL, Flush.ALL);
        race.first().write(1);
        String completeWrite = onAnotherThread(() -> race.second().awaitPending().completeWrite());
        assertEquals("cb1=succeeded@2 flushes=2 incomplete=1; completeWrite=ok IDLE",
                race.outcome(1, "completeWrite=" + completeWrite, race.arbiter().state()));
    }

    @Test
    void completeWriteWhileIdleDoesNothing() {
        WriteRace race = new WriteRace(Flush.ALL);
        String write = race.first().write(1);
        String completeWrite = race.second().completeWrite();
        assertEquals("cb1=succeeded@1 flushes=1 incomplete=0; write=ok completeWrite=ok IDLE",
                race.outcome(1, "write=" + write, "completeWrite=" + completeWrite, race.arbiter().state()));
    }

    @Test
    void theLaterOnFailSeesTheFirstCause() {
        WriteRace race = new WriteRace(Flush.PARTIAL);
        race.setup().write(1);
        String onFail1 = race.first().onFail("x");
        String seen1 = race.first().failure();
        String onFail2 = race.second().onFail("y");
        String seen2 = race.second().failure();
        assertEquals("cb1=failed:x@1 flushes=1 incomplete=1; onFail=true,false seen=x,x FAILED",
                race.outcome(1, "onFail=" + onFail1 + "," + onFail2, "seen=" + seen1 + "," + seen2, race.arbiter().state()));
    }

    @Test
    void aFlushBeyondTheScriptIsAViolation() {
        WriteRace race = new WriteRace(Flush.ALL);
        race.first().write(1);
        race.first().write(2);
        assertEquals("VIOLATION extra-flush: cb1=succeeded@1 cb2=succeeded@1 flushes=2 incomplete=0",
                race.outcome(2));
    }

    @Test
    void aGatheredWriteThatTheSocketFinishesWentOutWhole_theSameOnAFlusherThatLosesItsRemainderIsAViolation() throws Exception {
        WriteRace real = new WriteRace(Flush.PARTIAL, Flush.ALL);
        real.first().write(1);
        real.arbiter().completeWrite();
        assertEquals("cb1=succeeded@a flushes=2 incomplete=1", real.outcome(1));

        // The generated copy with the bug: the first flush stops inside "ab", the second resumes at "cd".
        Class<?> twin = Class.forName(MutantGenerator.copyPackage(WriteFlusherBug.class.getPackageName(),
                WriteFlusherBug.GATHER_REMAINDER_LOST.name()) + ".RealFlusher");
        MethodHandle lossy = MethodHandles.privateLookupIn(twin, MethodHandles.lookup())
                .findConstructor(twin, MethodType.methodType(void.class, FlusherUnderTest.Endpoint.class));
        WriteRace lost = new WriteRace(endpoint -> {
            try {
                return (FlusherUnderTest) lossy.invoke(endpoint);
            } catch (Throwable x) {
                throw new IllegalStateException(x);
            }
        }, Flush.PARTIAL, Flush.ALL);
        lost.first().write(1);
        lost.arbiter().completeWrite();
        assertEquals("VIOLATION wrong-bytes: cb1=succeeded@a flushes=2 incomplete=1", lost.outcome(1));
    }

    /** Runs {@code call} on a thread of its own, so that the outcome tells it from the first actor. */
    private static String onAnotherThread(Supplier<String> call) throws InterruptedException {
        AtomicReference<String> result = new AtomicReference<>();
        Thread.ofPlatform().start(() -> result.set(call.get())).join();
        return result.get();
    }
}
