package io.workbench.mainjob.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.SummaryJson;
import io.workbench.mainjob.report.results.RunResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads and writes the JSON files of a run: {@code results.json} and the load runs' {@code summary.json}. */
public final class ResultsJson {

    /** The load runs' own mapper: results.json embeds their summaries and reads alike. */
    private static final ObjectMapper MAPPER = SummaryJson.mapper();

    private ResultsJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Reads {@code results.json} from a run directory (or the file itself). */
    public static RunResults readRun(Path runDirOrFile) throws IOException {
        Path file = Files.isDirectory(runDirOrFile) ? runDirOrFile.resolve(RunResults.FILE_NAME) : runDirOrFile;
        if (!Files.isRegularFile(file)) {
            throw new IOException("no " + RunResults.FILE_NAME + " at " + file
                    + " (give the directory a `./workbench run` wrote, e.g. results/20260101-120000)");
        }
        RunResults results = MAPPER.readValue(file.toFile(), RunResults.class);
        if (results.format() != RunResults.FORMAT) {
            throw new IOException(file + " has format " + results.format() + ", this report reads format " + RunResults.FORMAT);
        }
        return results;
    }

    /** Writes {@code results.json} into a run directory, through a temporary file so a reader never sees half of it. */
    public static void writeRun(Path runDir, RunResults results) {
        Path file = runDir.resolve(RunResults.FILE_NAME);
        Path partial = runDir.resolve(RunResults.FILE_NAME + ".partial");
        try {
            MAPPER.writeValue(partial.toFile(), results);
            Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write " + file, failed);
        }
    }

    public static LoadSummary readSummary(Path summaryFile) throws IOException {
        return SummaryJson.readSummary(summaryFile);
    }

    /** The value as JSON on one line, safe to embed in an HTML {@code <script>} element. */
    public static String forScript(Object value) {
        try {
            return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value)
                    // JSON has < > & only inside strings, where their unicode escapes mean the same: none is left for
                    // the HTML parser, which would end the element at "</script>" or, after "<!--<script>", not at all.
                    .replace("<", "\\u003c")
                    .replace(">", "\\u003e")
                    .replace("&", "\\u0026")
                    // The line separators end a JavaScript line.
                    .replace("\u2028", "\\u2028")
                    .replace("\u2029", "\\u2029");
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }
}
