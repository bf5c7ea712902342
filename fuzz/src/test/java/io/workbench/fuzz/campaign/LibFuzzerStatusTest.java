package io.workbench.fuzz.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class LibFuzzerStatusTest {

    @Test
    void aStatusLineGivesItsFigures() {
        LibFuzzerStatus status = LibFuzzerStatus.parse(
                "#1048594\tREDUCE cov: 912 ft: 4548 corp: 602/164Kb lim: 3863 exec/s: 31775 rss: 829Mb L: 103/3415 MS: 2 EraseBytes-Custom-");
        assertEquals(new LibFuzzerStatus("REDUCE", 1_048_594, 912, 4548, 602, 164 * 1024, 31_775), status);
        assertEquals(new LibFuzzerStatus("INITED", 2, 94, 94, 1, 1, 0), LibFuzzerStatus.parse("#2\tINITED cov: 94 ft: 94 corp: 1/1b exec/s: 0 rss: 689Mb"));
        assertEquals(3L << 20, LibFuzzerStatus.parse("#5\tpulse  cov: 9 ft: 9 corp: 1/3Mb lim: 4 exec/s: 7 rss: 1Mb").corpusBytes());
    }

    @Test
    void otherLinesAreNoStatus() {
        assertNull(LibFuzzerStatus.parse("INFO: Seed: 108805687"));
        assertNull(LibFuzzerStatus.parse("Done 3752520 runs in 11 second(s)"));
        assertNull(LibFuzzerStatus.parse("#12 NEW cov: x ft: 1 corp: 1/1b exec/s: 0"));
    }
}
