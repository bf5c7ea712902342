package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Targets run together as far as memory allows, in groups of even size, in the order listed. */
class TargetGroupsTest {

    private static final long GIB = 1L << 30;

    private static List<TargetId> targets(int count) {
        List<TargetId> targets = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            targets.add(new TargetId("server" + i, "sync"));
        }
        return targets;
    }

    @Test
    void fourTargetsOfFourGibibytesFitAtOnceOnTheReferenceMachine() {
        TargetGroups groups = TargetGroups.of(targets(4), 4 * GIB, GIB + TargetGroups.NATIVE_BYTES, OptionalLong.of(23 * GIB));

        assertEquals(List.of(targets(4)), groups.groups());
        assertFalse(groups.split());
        assertEquals(4, groups.perGroup());
        assertTrue(groups.reason().contains("4 target(s) of 4.5 GiB each"), groups.reason());
    }

    @Test
    void everyTargetIsSplitIntoEvenGroupsThatFit() {
        TargetGroups groups = TargetGroups.of(targets(31), 4 * GIB, GIB + TargetGroups.NATIVE_BYTES, OptionalLong.of(23 * GIB));

        assertTrue(groups.split());
        assertEquals(8, groups.groups().size());
        assertEquals(List.of(4, 4, 4, 4, 4, 4, 4, 3), groups.groups().stream().map(List::size).toList());
        assertEquals(targets(31), groups.groups().stream().flatMap(List::stream).toList(), "every target once, in order");
    }

    @Test
    void aMachineTooSmallForTwoStillRunsOneAtATime() {
        TargetGroups groups = TargetGroups.of(targets(3), 4 * GIB, GIB, OptionalLong.of(3 * GIB));

        assertEquals(List.of(1, 1, 1), groups.groups().stream().map(List::size).toList());
    }

    @Test
    void unknownMemoryRunsEveryTargetAtOnceAndSaysSo() {
        TargetGroups groups = TargetGroups.of(targets(5), 4 * GIB, GIB, OptionalLong.empty());

        assertEquals(1, groups.groups().size());
        assertTrue(groups.reason().contains("could not be read"), groups.reason());
    }

    @Test
    void theHeapIsTheLastMaximumTheFlagsGive() {
        assertEquals(4 * GIB, TargetGroups.heapBytes(List.of("-Xms4g", "-Xmx4g", "-XX:+UseParallelGC"), 1));
        assertEquals(512L << 20, TargetGroups.heapBytes(List.of("-Xmx4g", "-Xmx512m"), 1), "the user's flag, last, wins");
        assertEquals(8 * GIB, TargetGroups.heapBytes(List.of("-XX:MaxHeapSize=8g"), 1));
        assertEquals(7, TargetGroups.heapBytes(List.of("-Xss1m"), 7), "no -Xmx: the fallback");
        assertEquals(7, TargetGroups.heapBytes(List.of("-Xmxlots"), 7), "an unreadable size: the fallback");
    }
}
