package io.workbench.stress;

import io.workbench.stress.harness.Batch;
import io.workbench.stress.harness.Effort;
import io.workbench.stress.harness.Jcstress;
import io.workbench.stress.harness.StressCheck;
import io.workbench.stress.harness.Subject;
import io.workbench.stress.harness.SubjectReport;
import io.workbench.stress.harness.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code ./workbench stress} and {@code -Pjcstress}: runs the catalog's real implementations at the
 * effort the user asks for (jcstress's quick mode unless told otherwise), then each machine's
 * control copy and its mutants at the CI effort, writes jcstress's HTML reports and a summary under
 * the results directory, prints the summary, and exits 0 only if the real code and the controls
 * showed no FORBIDDEN outcome and every mutant was caught.
 *
 * <p>The copies run at the CI effort whatever the mode: their job is to show that the tests can
 * catch each bug, which a short run already shows; a tough mode would only make it slower.
 */
public final class StressCampaign {

    private static final String USAGE = """
            usage: ./workbench stress [options] [jcstress options]

              -t REGEX       only the tests whose class names contain a match, for the real code and the copies
              --real-only    skip the control copies and the mutants
              --matrix       run every mutant against every test of its machine: which tests catch which bug
              --ci           run the real code at the CI effort too (what ./workbench test runs)
              --results DIR  where the reports and the summary go (default: results)
              -l             list the tests (jcstress -l)
              -h, --help     this text, then jcstress's options

            Other options go to jcstress for the real code, e.g. -m default, -m tough (default: -m quick).
            The control copies and the mutants always run at the CI effort: quick mode, one JVM configuration.
            """;

    /** One run may take this long; a tough run of the whole suite takes hours on two cores. */
    private static final Duration RUN_TIMEOUT = Duration.ofHours(24);

    private StressCampaign() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args, System.out));
    }

    static int run(String[] arguments, PrintStream out) throws IOException, InterruptedException {
        Path jar = ownJar();
        Path results = Path.of("results");
        Pattern filter = Pattern.compile("");
        StressCheck.Scope scope = StressCheck.Scope.MUTANTS;
        boolean ci = false;
        boolean list = false;
        List<String> jcstressArgs = new ArrayList<>();
        for (int i = 0; i < arguments.length; i++) {
            String arg = arguments[i];
            switch (arg) {
                case "-h", "--help" -> {
                    out.print(USAGE);
                    out.println();
                    return jcstressItself(jar, List.of("-h"));
                }
                case "-l" -> list = true;
                case "--real-only" -> scope = StressCheck.Scope.REAL;
                case "--matrix" -> scope = StressCheck.Scope.MATRIX;
                case "--ci" -> ci = true;
                case "--results", "-t" -> {
                    if (i + 1 == arguments.length) {
                        return usageError(arg + " needs a value");
                    }
                    String value = arguments[++i];
                    if (arg.equals("--results")) {
                        results = Path.of(value);
                    } else {
                        try {
                            filter = Pattern.compile(value);
                        } catch (PatternSyntaxException e) {
                            return usageError("-t " + value + ": " + e.getDescription());
                        }
                    }
                }
                default -> jcstressArgs.add(arg);
            }
        }
        if (list) {
            return jcstressItself(jar, List.of("-l", "-t", filter.pattern()));
        }
        Effort copies = Effort.ci();
        Effort real;
        try {
            real = ci ? copies : Effort.of(jcstressArgs);
        } catch (IllegalArgumentException e) {
            return usageError(e.getMessage());
        }
        if (ci && !jcstressArgs.isEmpty()) {
            return usageError("--ci runs the CI effort; it takes no jcstress options (got " + jcstressArgs + ")");
        }

        List<Subject> plan = StressCheck.plan(Catalog.MACHINES, filter, scope);
        if (plan.isEmpty()) {
            return usageError("-t " + filter + " matches no test of the catalog");
        }
        Files.createDirectories(results);
        StressCheck check = new StressCheck(new Jcstress(jar), results, out, true, RUN_TIMEOUT);
        List<SubjectReport> reports = new ArrayList<>();
        long start = System.nanoTime();
        for (Batch batch : Batch.of(plan)) {
            boolean realRun = batch.subjects().get(0).kind() == Subject.Kind.REAL;
            reports.addAll(realRun ? check.run(batch, real) : check.runUntilCaught(batch, copies, Effort.ciRetries()));
        }
        Summary summary = new Summary(Catalog.MACHINES, reports);
        Files.writeString(results.resolve("summary.txt"), summary.text());
        Files.writeString(results.resolve("summary.md"), summary.markdown());
        out.println();
        out.print(summary.text());
        out.printf("took %d s; reports: %s (summary.md, real/index.html, control/, mutants/)%n",
                Duration.ofNanos(System.nanoTime() - start).toSeconds(), results.toAbsolutePath());
        return summary.passed() ? 0 : 1;
    }

    /** Runs jcstress's own main with {@code args} in this terminal: listing, help. */
    private static int jcstressItself(Path jar, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Jcstress.jvmFlags());
        command.addAll(List.of("-cp", jar.toString(), "org.openjdk.jcstress.Main"));
        command.addAll(args);
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    /** The jcstress uber-jar this class was loaded from: the class path jcstress's forks will get. */
    private static Path ownJar() {
        try {
            Path location = Path.of(StressCampaign.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(location) || !location.toString().endsWith(".jar")) {
                throw new IllegalStateException("run StressCampaign from stress/target/jcstress.jar, not from "
                        + location + ": jcstress's forked VMs need the uber-jar on their class path");
            }
            return location;
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the jar of " + StressCampaign.class, e);
        }
    }

    private static int usageError(String message) {
        System.err.println("stress: " + message);
        System.err.print(USAGE);
        return 2;
    }
}
