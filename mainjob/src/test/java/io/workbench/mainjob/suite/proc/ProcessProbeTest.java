package io.workbench.mainjob.suite.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A process read from /proc: its own CPU ticks, threads and memory, and each thread's switches and run time. */
class ProcessProbeTest {

    @Test
    void cpuThreadsAndMemoryAreReadFromStatAndStatusWhateverTheProcessIsCalled(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(250, 40, 17, 2048, 4096);

        ProcessStat stat = proc.probe().stat().orElseThrow();

        assertEquals(2_500_000_000L, stat.cpuUserNanos(), "250 ticks of 10 ms");
        assertEquals(400_000_000L, stat.cpuKernelNanos());
        assertEquals(17, stat.threads());
        assertEquals(2048 * 1024, stat.residentBytes());
        assertEquals(4096 * 1024, stat.peakResidentBytes());
    }

    @Test
    void aProcessThatIsGoneReadsAsNothing(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(1, 1, 1, 1, 1);
        proc.gone();

        assertEquals(Optional.empty(), proc.probe().stat());
        assertEquals(Optional.empty(), proc.probe().switches());
        assertEquals(Optional.empty(), proc.probe().runTimes());
        assertFalse(proc.probe().resetPeakResident(), "no clear_refs to write");
    }

    @Test
    void theResetOfThePeakWritesFiveToClearRefs(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(1, 1, 1, 1, 1);

        assertTrue(proc.probe().resetPeakResident());
        assertEquals("5\n", Files.readString(proc.dir().resolve("clear_refs")));
    }

    @Test
    void eachThreadsSwitchesAndRunTimeAreReadByThreadId(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(1, 1, 2, 1, 1);
        proc.thread(4242, 10, 2, 5_000);
        proc.thread(4250, 30, 4, 7_000);

        ProcessProbe.Switches switches = proc.probe().switches().orElseThrow();
        assertEquals(Map.of(4242L, 10L, 4250L, 30L), switches.voluntary().byThread());
        assertEquals(Map.of(4242L, 2L, 4250L, 4L), switches.involuntary().byThread());
        assertEquals(12_000, proc.probe().runTimes().orElseThrow().sum());
    }

    @Test
    void theCollectorsThreadsCanBeLeftOutByName(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(1, 1, 4, 1, 1);
        proc.thread(1, "qtp-worker-7", 0, 0, 5_000);
        proc.thread(2, "GC Thread#0", 0, 0, 90_000);
        proc.thread(3, "VM Thread", 0, 0, 30_000);
        proc.thread(4, "C2 CompilerThre", 0, 0, 7_000);

        assertEquals(12_000, proc.probe().runTimes(name -> !ProcessProbe.collector(name)).orElseThrow().sum(),
                "the worker and the compiler, not the collector");
        assertEquals(132_000, proc.probe().runTimes().orElseThrow().sum());
        assertTrue(ProcessProbe.collector("G1 Conc#0") && ProcessProbe.collector("ZWorker#3"));
        assertFalse(ProcessProbe.collector("GCleaner") || ProcessProbe.collector("C1 CompilerThre"));
    }

    @Test
    void aThreadCountsWhatItAddedAThreadBornSinceAllOfItsAndAThreadThatEndedNothingButItIsCounted() {
        PerThread start = new PerThread(Map.of(1L, 100L, 2L, 50L, 3L, 70L));
        PerThread end = new PerThread(Map.of(1L, 130L, 2L, 50L, 4L, 9L));

        assertEquals(30 + 0 + 9, end.since(start));
        assertEquals(1, end.endedSince(start), "thread 3 ended in between");
        assertEquals(0, start.endedSince(start));
        assertEquals(189, end.sum());
    }
}
