package io.workbench.mainjob.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The fixed run directory in the test resources: a quick-profile run of three targets (one refused
 * by the target command) over concurrency-level, high-concurrency and overhead, with every file a
 * load run leaves (summary.json, latency.hlog, the three .hgrm), the targets' GC logs and results.json.
 * Copied to a temporary directory so a test may write reports into it.
 */
final class RunFixture {

    static final String IOCORE = "iocore:async-complete";
    static final String JETTY_SYNC = "jetty-handler:sync";
    static final String REFUSED = "netty:async-dispatch";

    private RunFixture() {
    }

    static Path source() {
        try {
            return Path.of(RunFixture.class.getResource("run-fixture/results.json").toURI()).getParent();
        } catch (URISyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** A fresh copy of the fixture run under {@code parent}. */
    static Path copyTo(Path parent) throws IOException {
        Path from = source();
        Path to = parent.resolve("run");
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(file -> {
                try {
                    Path target = to.resolve(from.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(file, target);
                    }
                } catch (IOException failed) {
                    throw new UncheckedIOException(failed);
                }
            });
        }
        return to;
    }
}
