package io.workbench.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a fuzz test's short fuzzing run in {@code mvn verify} promised, held against what it did:
 * a fixed number of inputs ({@code fuzz.ci.runs}) from a fixed seed ({@code fuzz.ci.seed}) on a
 * fresh corpus, so that a run can be repeated; the time bound ({@code fuzz.ci.seconds}) is there
 * only to stop a runaway. Before the fuzz test it empties the corpus directory libFuzzer writes
 * into ({@code fuzz.ci.corpus}, which the run names first) and removes the one Jazzer keeps in the
 * module by default ({@code .cifuzz-corpus}, which it would read as seeds), so that every run starts
 * from the committed inputs alone. After the fuzz test it prints how many inputs ran, and fails the test
 * class when the time bound stopped it short: a run that fuzzed less than it says is not the run
 * the seed names, and on a machine where the bound is ten times the usual time, a shortfall means
 * that the parser (or the harness) became that much slower, which is a finding too. A fuzz test
 * run any other way (regression mode, a campaign) is not held to it.
 */
public final class FuzzingBudget implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

    /**
     * Inputs run before the last invocation of the test began: in fuzzing mode Jazzer runs the
     * committed inputs first, one invocation each, then fuzzes in one last invocation; only that
     * one's inputs are the fuzzing run's (libFuzzer counts them in its runs, the committed inputs
     * included, which it reads again as its first corpus).
     */
    private long before;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        String corpus = System.getProperty("fuzz.ci.corpus", "");
        if (System.getProperty("fuzz.ci.runs", "").isEmpty() || corpus.isEmpty() || !fuzzing()) {
            return;
        }
        delete(Path.of(corpus));
        Files.createDirectories(Path.of(corpus));
        delete(Path.of(".cifuzz-corpus"));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        before = Executions.total();
    }

    private static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> {
                try {
                    Files.delete(file);
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            });
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        String runs = System.getProperty("fuzz.ci.runs", "");
        if (runs.isEmpty() || !fuzzing()) {
            return;
        }
        long asked = Long.parseLong(runs);
        long ran = Executions.total() - before;
        String what = String.format(Locale.ROOT, "%s: ran %,d inputs of the %,d asked, from seed %s, on a fresh corpus (bound for a runaway: %s s)",
                context.getRequiredTestClass().getSimpleName(), ran, asked, System.getProperty("fuzz.ci.seed", "?"),
                System.getProperty("fuzz.ci.seconds", "?"));
        System.out.println("[fuzz-ci] " + what);
        hold(asked, ran, what);
    }

    /** Fails, loudly, when fewer than {@code asked} inputs ran: the time bound cut the run short. */
    static void hold(long asked, long ran, String what) {
        Check.that(ran >= asked, () -> "FUZZING CUT SHORT: " + what + ". The time bound stopped the run: this machine (or the parser) is "
                + "far slower than the bound allows for, and the run is not the one its seed names.");
    }

    /** Whether Jazzer fuzzes in this JVM ({@code JAZZER_FUZZ} set to a true value, as a property or in the environment). */
    private static boolean fuzzing() {
        String value = System.getProperty("JAZZER_FUZZ", System.getenv().getOrDefault("JAZZER_FUZZ", ""));
        return value.equals("1") || value.equalsIgnoreCase("true") || value.equalsIgnoreCase("yes");
    }
}
