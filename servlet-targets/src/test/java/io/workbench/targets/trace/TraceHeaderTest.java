package io.workbench.targets.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A trace id is 1 to 19 decimal digits that fit a long; anything else leaves the request untraced. */
class TraceHeaderTest {

    @Test
    void digitsAreTheId() {
        assertEquals(0, TraceHeader.id("0"));
        assertEquals(42, TraceHeader.id("42"));
        assertEquals(12345, TraceHeader.id("0000000000000012345"), "the generator's zero-padded form");
        assertEquals(Long.MAX_VALUE, TraceHeader.id("9223372036854775807"));
    }

    @Test
    void anythingElseIsNoId() {
        assertEquals(TraceHeader.NONE, TraceHeader.id(null), "no field");
        assertEquals(TraceHeader.NONE, TraceHeader.id(""), "empty");
        assertEquals(TraceHeader.NONE, TraceHeader.id("12a"), "not a digit");
        assertEquals(TraceHeader.NONE, TraceHeader.id("-5"), "a sign");
        assertEquals(TraceHeader.NONE, TraceHeader.id(" 5"), "a space");
        assertEquals(TraceHeader.NONE, TraceHeader.id("9223372036854775808"), "one past a long");
        assertEquals(TraceHeader.NONE, TraceHeader.id("9999999999999999999"), "19 digits past a long");
        assertEquals(TraceHeader.NONE, TraceHeader.id("00000000000000000001"), "20 digits");
    }
}
