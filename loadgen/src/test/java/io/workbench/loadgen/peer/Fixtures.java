package io.workbench.loadgen.peer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.net.URISyntaxException;

/** The captured outputs under src/test/resources/peer/: real runs against the iocore target. */
final class Fixtures {

    private Fixtures() {
    }

    static String text(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/peer/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture peer/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/peer/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
