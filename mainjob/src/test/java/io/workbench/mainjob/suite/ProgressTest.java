package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void theBarShowsThePlannedWorkDoneAndTheLoadLinesAreIndented() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress progress = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 100);

        progress.step("iocore:async-complete", "overhead #1/2");
        progress.done(50);
        progress.pass("1 s: 1000 sent");
        progress.step("iocore:async-complete", "overhead #2/2");

        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertTrue(lines[0].startsWith("[........................]   0%  iocore:async-complete  overhead #1/2"), lines[0]);
        assertTrue(lines[1].equals("    1 s: 1000 sent"), lines[1]);
        assertTrue(lines[2].startsWith("[############............]  50%"), lines[2]);
        assertTrue(lines[2].contains("left)"), lines[2]);
    }
}
