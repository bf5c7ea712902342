package io.workbench.mainjob.report;

import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.report.results.RunResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes report.md and report.html into a run's directory from its results, with the findings computed once for both. */
public final class ReportWriter {

    private ReportWriter() {
    }

    /** Writes both reports; returns the HTML one's path. */
    public static Path write(Path runDir, RunResults results) throws IOException {
        RunFindings findings = RunFindings.of(runDir, results);
        Files.writeString(runDir.resolve(MarkdownReport.FILE_NAME), MarkdownReport.render(runDir, results, findings), StandardCharsets.UTF_8);
        Path html = runDir.resolve(HtmlReport.FILE_NAME);
        Files.writeString(html, HtmlReport.render(runDir, results, findings), StandardCharsets.UTF_8);
        return html;
    }
}
