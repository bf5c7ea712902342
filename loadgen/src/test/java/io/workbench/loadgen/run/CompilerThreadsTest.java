package io.workbench.loadgen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerThreadsTest {

    private static final Path OWN_TASKS = Path.of("/proc/self/task");

    @Test
    void findsTheCompilerThreadsByTheirNameAndNoOthers(@TempDir Path tasks) throws IOException {
        thread(tasks, "101", "C2 CompilerThre");
        thread(tasks, "102", "C1 CompilerThre");
        thread(tasks, "103", "JVMCI CompilerT");
        thread(tasks, "104", "loadgen-1");
        thread(tasks, "105", "GC Thread#0");
        thread(tasks, "107", "MyCompilerThing");
        Files.createDirectory(tasks.resolve("106")); // a thread that ended before its name was read
        assertEquals(List.of("101", "102", "103"), CompilerThreads.compilerThreadIds(tasks));
    }

    @Test
    void theJvmsOwnCompilerThreadsGetTheLowestPriority() throws IOException {
        assumeTrue(Files.isDirectory(OWN_TASKS), "Linux /proc");
        CompilerThreads.Outcome outcome = CompilerThreads.lowerPriority();
        assumeTrue(outcome.nice() != null || !outcome.note().contains("could not run"), "renice is installed");
        assertTrue(outcome.threads() > 0, outcome.describe());
        assertEquals(CompilerThreads.NICE, outcome.nice(), outcome.describe());
        for (String id : CompilerThreads.compilerThreadIds(OWN_TASKS)) {
            assertEquals(CompilerThreads.NICE, niceOf(id), "thread " + id);
        }
        // Only they: this test's own thread keeps its priority.
        String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        assertEquals(0, niceOf(self));
    }

    @Test
    void withoutReniceNothingChangesAndTheOutcomeSaysWhy() {
        assumeTrue(Files.isDirectory(OWN_TASKS), "Linux /proc");
        CompilerThreads.Outcome outcome = CompilerThreads.lowerPriority(OWN_TASKS, "renice-that-is-not-installed");
        assertNull(outcome.nice());
        assertTrue(outcome.threads() > 0);
        assertTrue(outcome.note().contains("could not run"), outcome.note());
        assertTrue(outcome.describe().startsWith("JIT compiler threads at their normal priority"), outcome.describe());
    }

    @Test
    void aRefusedReniceIsReportedWithItsWords(@TempDir Path tasks) throws IOException {
        thread(tasks, "999999999", "C2 CompilerThre"); // no such thread: renice fails
        CompilerThreads.Outcome outcome = CompilerThreads.lowerPriority(tasks, "renice");
        assumeTrue(outcome.note() == null || !outcome.note().contains("could not run"), "renice is installed");
        assertNull(outcome.nice());
        assertTrue(outcome.note().startsWith("renice exited with"), outcome.note());
    }

    @Test
    void noCompilerThreadIsNoChange(@TempDir Path tasks) throws IOException {
        thread(tasks, "7", "main");
        CompilerThreads.Outcome outcome = CompilerThreads.lowerPriority(tasks, "renice");
        assertEquals(0, outcome.threads());
        assertNull(outcome.nice());
        assertFalse(outcome.note().isEmpty());
    }

    /** The 19th field of /proc/self/task/<id>/stat, after the name in parentheses. */
    private static int niceOf(String id) throws IOException {
        String stat = Files.readString(OWN_TASKS.resolve(id).resolve("stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(fields[16]);
    }

    private static void thread(Path tasks, String id, String comm) throws IOException {
        Path dir = Files.createDirectory(tasks.resolve(id));
        Files.writeString(dir.resolve("comm"), comm + "\n");
    }
}
