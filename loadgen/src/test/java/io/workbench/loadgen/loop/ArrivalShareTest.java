package io.workbench.loadgen.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.workbench.loadgen.schedule.ArrivalSchedule;
import io.workbench.loadgen.schedule.ArrivalShare;
import io.workbench.loadgen.schedule.Arrivals;
import io.workbench.loadgen.schedule.OpenSchedule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The loops' shares of a schedule are the schedule: each arrival once, in every share's order, whatever the count of loops. */
class ArrivalShareTest {

    private static List<Long> drain(ArrivalSchedule schedule) {
        List<Long> offsets = new ArrayList<>();
        long offset;
        while ((offset = schedule.next()) != ArrivalSchedule.END) {
            offsets.add(offset);
        }
        return offsets;
    }

    private static OpenSchedule schedule() {
        return new OpenSchedule(5_000, Arrivals.EXPONENTIAL, 0, 0, 1_001, 0, 42);
    }

    @Test
    void sharesTogetherAreTheWholeScheduleForAnyNumberOfLoops() {
        List<Long> whole = drain(schedule());
        assertEquals(1_001, whole.size());
        for (int loops = 1; loops <= 4; loops++) {
            List<Long> union = new ArrayList<>();
            for (int i = 0; i < loops; i++) {
                List<Long> share = drain(new ArrivalShare(schedule(), i, loops));
                assertEquals(1_001 / loops + (i < 1_001 % loops ? 1 : 0), share.size(), loops + " loops, share " + i);
                List<Long> sorted = new ArrayList<>(share);
                Collections.sort(sorted);
                assertEquals(sorted, share, "each share in time order");
                union.addAll(share);
            }
            Collections.sort(union);
            assertEquals(whole, union, loops + " loops");
        }
    }

    @Test
    void aShareOutsideTheLoopsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ArrivalShare(schedule(), 2, 2));
        assertThrows(IllegalArgumentException.class, () -> new ArrivalShare(schedule(), 0, 0));
    }
}
