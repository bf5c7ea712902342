package io.workbench.mainjob.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/** The browser test's requirement, both ways: without Chromium it fails under CI=true and is skipped elsewhere. */
class BrowserRequirementTest {

    @Test
    void withoutChromiumTheBrowserTestFailsUnderCiAndIsSkippedElsewhere(@TempDir Path empty) {
        Path none = ReportInBrowserTest.chromium(empty.toString());
        assertNull(none, "an empty PATH has no chromium");

        AssertionError failed = assertThrows(AssertionError.class, () -> ReportInBrowserTest.required(none, "true"));
        assertTrue(failed.getMessage().contains("under CI=true"), failed.getMessage());
        assertThrows(TestAbortedException.class, () -> ReportInBrowserTest.required(none, null), "skipped outside CI");
        assertThrows(TestAbortedException.class, () -> ReportInBrowserTest.required(none, "false"));
    }

    @Test
    void chromiumIsFoundOnThePathAndThenRequired(@TempDir Path bin) throws Exception {
        Path browser = Files.createFile(bin.resolve("chromium"),
                PosixFilePermissions.asFileAttribute(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_EXECUTE)));

        Path found = ReportInBrowserTest.chromium("/nonexistent:" + bin);

        assertEquals(browser, found);
        assertEquals(browser, ReportInBrowserTest.required(found, "true"));
    }
}
