package io.workbench.mainjob.suite.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.workbench.loadgen.LoadCommand;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The main job's generator process: started once per run, pinned to the generator core, it reads
 * one {@link RunRequest} a line on stdin and runs it in this JVM through
 * {@link LoadCommand#execute}, the path {@code ./workbench load} takes (its plan, its run, its
 * files, its verdict), so every run still writes the same files and judges itself. A JVM of its
 * own per run would start, prime and compile for every run (about 6.5 s each); this one does so once,
 * and its later runs find their code compiled.
 *
 * <p>Its stdout is a protocol, one line each: {@code LOG <line>} for each line the run writes on
 * stderr (also kept in the run's {@code load.stderr}), then {@code DONE <exit status> <summary
 * path, or ->} when the run is over. It ends when stdin closes. SIGTERM ends it at once, and the run
 * under way with it, without a summary: the load command's entry point offers no way to interrupt a
 * run it was not started with a shutdown hook for, and a hook per run would keep every run reachable.
 *
 * <p>Between two runs it collects its heap ({@code System.gc()}), so that no collection of an
 * earlier run's garbage falls into the next one's measured phase.
 */
public final class GeneratorService {

    static final String LOG = "LOG ";
    static final String DONE = "DONE ";
    static final String NO_SUMMARY = "-";
    private static final String SUMMARY = "SUMMARY ";

    private static final ObjectMapper JSON = new ObjectMapper();

    private GeneratorService() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream protocol = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        // Nothing else may write on the protocol's stream.
        System.setOut(System.err);
        serve(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), protocol);
    }

    /** Runs each request read from {@code requests} until it ends, answering on {@code protocol}. */
    static void serve(BufferedReader requests, PrintStream protocol) throws IOException {
        String line;
        while ((line = requests.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            RunRequest request = JSON.readValue(line, RunRequest.class);
            System.gc();
            Path dir = Path.of(request.dir());
            Files.createDirectories(dir);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int exit;
            try (PrintWriter file = new PrintWriter(Files.newBufferedWriter(dir.resolve(STDERR), StandardCharsets.UTF_8), true);
                 PrintStream err = new PrintStream(new LineSink(text -> {
                     file.println(text);
                     synchronized (protocol) {
                         protocol.println(LOG + text);
                     }
                 }), true, StandardCharsets.UTF_8)) {
                // No shutdown hook: the load command's hook keeps its run reachable for the JVM's life (about 3 MB a
                // run, measured), which a JVM that runs hundreds of them cannot afford. A stopped service loses the
                // run under way, summary and all.
                exit = LoadCommand.execute(request.arguments().toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                        err, false);
            }
            String summary = out.toString(StandardCharsets.UTF_8).lines().filter(text -> text.startsWith(SUMMARY))
                    .map(text -> text.substring(SUMMARY.length()).trim()).findFirst().orElse(NO_SUMMARY);
            synchronized (protocol) {
                protocol.println(DONE + exit + " " + summary);
            }
        }
    }

    /** The name of the file each run's stderr is kept in, in its directory. */
    public static final String STDERR = "load.stderr";

    /** Bytes in, whole lines out (without their end); what is left when it closes is a last line. */
    private static final class LineSink extends OutputStream {

        private final java.util.function.Consumer<String> lines;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

        LineSink(java.util.function.Consumer<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                flushLine();
            } else {
                pending.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                write(bytes[i]);
            }
        }

        private void flushLine() {
            String line = pending.toString(StandardCharsets.UTF_8);
            pending.reset();
            lines.accept(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        }

        @Override
        public synchronized void close() {
            if (pending.size() > 0) {
                flushLine();
            }
        }
    }
}
