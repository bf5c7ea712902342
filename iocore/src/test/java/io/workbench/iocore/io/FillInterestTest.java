package io.workbench.iocore.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.io.WriteFlusherTest.Recorder;
import java.io.IOException;
import java.nio.channels.ReadPendingException;
import org.junit.jupiter.api.Test;

/** The FillInterest machine, driven without a socket. */
class FillInterestTest {

    private int registrations;

    @Test
    void fillableCompletesTheRegisteredCallbackOnce() {
        FillInterest interest = new FillInterest(() -> registrations++);
        Recorder cb = new Recorder();
        interest.register(cb);
        assertTrue(interest.isInterested());
        assertEquals(1, registrations);
        assertTrue(interest.fillable());
        assertFalse(interest.fillable(), "nobody is interested any more");
        assertFalse(interest.onFail(new IOException("late")));
        assertEquals(1, cb.succeeded);
        assertEquals(0, cb.failures.size());
        assertFalse(interest.isInterested());
    }

    @Test
    void secondRegistrationIsReadPendingAndKeepsTheFirst() {
        FillInterest interest = new FillInterest(() -> registrations++);
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        interest.register(first);
        assertThrows(ReadPendingException.class, () -> interest.register(second));
        assertFalse(interest.tryRegister(second));
        interest.fillable();
        assertEquals(1, first.succeeded);
        assertEquals(0, second.completions());
        assertEquals(1, registrations);
    }

    @Test
    void failFailsTheCallbackOnceAndAllowsANewRegistration() {
        FillInterest interest = new FillInterest(() -> registrations++);
        Recorder cb = new Recorder();
        interest.register(cb);
        IOException cause = new IOException("closed");
        assertTrue(interest.onFail(cause));
        assertFalse(interest.fillable());
        assertSame(cause, cb.failures.get(0));
        assertEquals(0, cb.succeeded);
        Recorder next = new Recorder();
        assertTrue(interest.tryRegister(next));
    }

    @Test
    void registrationWhoseInterestCannotBeRegisteredFailsTheCallback() {
        IOException broken = new IOException("cancelled key");
        FillInterest interest = new FillInterest(() -> {
            throw broken;
        });
        Recorder cb = new Recorder();
        interest.register(cb);
        assertSame(broken, cb.failures.get(0));
        assertFalse(interest.isInterested());
    }

    @Test
    void toStringShowsTheState() {
        FillInterest interest = new FillInterest(() -> { });
        assertTrue(interest.toString().contains("[IDLE]"), interest.toString());
        interest.register(new Recorder());
        assertTrue(interest.toString().contains("[INTERESTED,"), interest.toString());
    }
}
