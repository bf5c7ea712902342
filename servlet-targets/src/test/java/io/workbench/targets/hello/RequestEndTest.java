package io.workbench.targets.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RequestEndTest {

    private final AtomicInteger runs = new AtomicInteger();
    private final Runnable hook = runs::incrementAndGet;

    @Test
    void aCountedRequestRunsItsHookOnceAtTheFirstEnd() {
        RequestEnd end = new RequestEnd();
        end.counted(hook);
        assertEquals(RequestEnd.State.COUNTED, end.state());
        assertFalse(end.isEnded());
        assertEquals(0, runs.get(), "not before it ends");
        assertTrue(end.end(), "the first end ends it");
        assertFalse(end.end(), "a second end (the server, then the strategy's late write) does nothing");
        assertEquals(1, runs.get());
        assertTrue(end.isEnded());
        assertTrue(end.toString().endsWith("[ENDED]"), end.toString());
    }

    @Test
    void anEndBeforeTheCountRunsTheHookWhenItIsHandedOver() {
        RequestEnd end = new RequestEnd();
        assertTrue(end.end());
        assertEquals(0, runs.get(), "nothing counted yet");
        end.counted(hook);
        assertEquals(1, runs.get(), "the server ended it first: counted and ended at once");
        assertFalse(end.end());
        assertEquals(1, runs.get());
    }

    @Test
    void anUncountedRequestEndsWithoutAHook() {
        RequestEnd end = new RequestEnd();
        assertEquals(RequestEnd.State.OPEN, end.state());
        assertTrue(end.end());
        assertTrue(end.isEnded());
    }

    @Test
    void aRequestIsCountedOnceAndWithAHook() {
        RequestEnd end = new RequestEnd();
        end.counted(hook);
        assertTrue(assertThrows(IllegalStateException.class, () -> end.counted(hook)).getMessage().contains("counted twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RequestEnd().counted(null)).getMessage()
                .contains("hook"));
        assertEquals(0, runs.get());
    }
}
