package io.workbench.loadgen.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html opened in headless Chromium (Debian package {@code chromium}), offline: every chart
 * element was drawn (the page's script marks it with how many values it plotted) into a canvas
 * with a size. Skipped when no Chromium is installed.
 */
class ReportInBrowserTest {

    private static final Pattern CHART = Pattern.compile("<div class=\"chart (distribution|timeline)\"([^>]*)>");
    private static final Pattern CANVAS = Pattern.compile("<canvas width=\"(\\d+)\" height=\"(\\d+)\"");

    @Test
    void everyChartOfTheFixedRunRendersWithDataAndSize(@TempDir Path temp) throws Exception {
        Path chromium = chromium();
        Assumptions.assumeTrue(chromium != null, "no chromium on the PATH: install the Debian package chromium to run this test");
        Path run = RunFixture.copyTo(temp);
        Path html = ReportWriter.write(run, ResultsJson.readRun(run));

        String dom = dumpDom(chromium, html, temp.resolve("profile"));

        Matcher charts = CHART.matcher(dom);
        List<String> rendered = new ArrayList<>();
        while (charts.find()) {
            String attributes = charts.group(2);
            assertTrue(attributes.contains("data-rendered=\"true\""), "chart not drawn: " + charts.group());
            Matcher points = Pattern.compile("data-points=\"(\\d+)\"").matcher(attributes);
            assertTrue(points.find() && Integer.parseInt(points.group(1)) > 0, "chart without data: " + charts.group());
            rendered.add(charts.group(1));
        }
        assertEquals(List.of("distribution", "distribution", "timeline", "timeline"), rendered);
        Matcher canvases = CANVAS.matcher(dom);
        int count = 0;
        while (canvases.find()) {
            assertTrue(Integer.parseInt(canvases.group(1)) > 0 && Integer.parseInt(canvases.group(2)) > 0, canvases.group());
            count++;
        }
        assertEquals(rendered.size(), count, "one sized canvas per chart");
    }

    private static String dumpDom(Path chromium, Path html, Path profile) throws IOException, InterruptedException {
        Path out = profile.resolveSibling("dom.html");
        Process process = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--user-data-dir=" + profile, "--virtual-time-budget=10000", "--window-size=1300,900",
                "--dump-dom", html.toUri().toString())
                .redirectOutput(out.toFile())
                .redirectError(profile.resolveSibling("chromium.stderr").toFile())
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish within 120 s");
        }
        assertEquals(0, process.exitValue(), () -> "chromium failed: " + read(profile.resolveSibling("chromium.stderr")));
        return read(out);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "(unreadable: " + unreadable + ")";
        }
    }

    private static Path chromium() {
        String path = System.getenv("PATH");
        for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
            for (String dir : path == null ? new String[0] : path.split(":")) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
