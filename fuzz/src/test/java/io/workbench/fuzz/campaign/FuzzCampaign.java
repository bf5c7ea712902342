package io.workbench.fuzz.campaign;

import io.workbench.iocore.launch.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A fuzzing campaign of one target ({@code ./workbench fuzz}): runs the target's fuzz test in
 * fuzzing mode in a child JVM ({@link FuzzRun}) for a number of minutes, prints a progress line
 * (executions per second, corpus, coverage, findings, load average) as it goes, and leaves in its
 * output directory the whole log ({@code fuzz.log}), the corpus it grew ({@code corpus/}), the
 * branch and line coverage of every instrumented source file ({@code coverage.txt}, Jazzer's
 * report) and a summary ({@code summary.txt}). Findings are written by Jazzer into the target's inputs directory
 * in the module's test resources, where every later {@code mvn verify} runs them as regression
 * inputs; the summary lists them.
 *
 * <p>Exit status: 0 without findings, 1 with findings, 2 if the campaign could not run.
 */
public final class FuzzCampaign {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final FuzzTarget target;
    private final Duration duration;
    private final Path out;
    private final Path moduleDir;
    private final String classPath;
    private final PrintStream console;
    private final boolean tty;
    private final boolean survey;

    private LibFuzzerStatus status;
    private long executions;
    private long lastExecutions;
    private long lastProgressNanos = System.nanoTime();
    private final List<String> findings = new ArrayList<>();
    private final List<String> tallies = new ArrayList<>();
    private final LoadAverage load = new LoadAverage();

    FuzzCampaign(FuzzTarget target, Duration duration, Path out, Path moduleDir, String classPath, PrintStream console, boolean tty, boolean survey) {
        this.target = target;
        this.duration = duration;
        this.out = out;
        this.moduleDir = moduleDir;
        this.classPath = classPath;
        this.console = console;
        this.tty = tty;
        this.survey = survey;
    }

    public static void main(String[] args) throws Exception {
        FuzzTarget target = FuzzTarget.REQUEST;
        double minutes = 10;
        Path out = null;
        Path resultsRoot = Path.of("fuzz-results");
        boolean survey = false;
        Path moduleDir = Path.of("").toAbsolutePath();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--target" -> target = FuzzTarget.of(value(args, ++i));
                    case "--minutes" -> minutes = Double.parseDouble(value(args, ++i));
                    case "--out" -> out = Path.of(value(args, ++i));
                    case "--results-root" -> resultsRoot = Path.of(value(args, ++i));
                    case "--survey" -> survey = true;
                    case "--module-dir" -> moduleDir = Path.of(value(args, ++i)).toAbsolutePath();
                    case "-h", "--help" -> {
                        usage(System.out);
                        return;
                    }
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
                }
            }
            if (!(minutes > 0)) {
                throw new IllegalArgumentException("--minutes must be > 0");
            }
        } catch (IllegalArgumentException bad) {
            System.err.println("fuzz: " + bad.getMessage());
            usage(System.err);
            System.exit(2);
            return;
        }
        if (out == null) {
            out = resultsRoot.resolve(LocalDateTime.now().format(STAMP) + "-" + target.label());
        }
        Duration duration = Duration.ofSeconds(Math.max(1, Math.round(minutes * 60)));
        if (survey && target != FuzzTarget.DIFF) {
            System.err.println("fuzz: --survey is for --target diff");
            System.exit(2);
        }
        FuzzCampaign campaign = new FuzzCampaign(target, duration, out.toAbsolutePath(), moduleDir, System.getProperty("java.class.path"),
                System.out, System.console() != null, survey);
        System.exit(campaign.run());
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    static void usage(PrintStream to) {
        to.println("usage: FuzzCampaign --target request|response|diff --minutes N [--out DIR | --results-root DIR] [--module-dir DIR] [--survey]"
                + " (./workbench fuzz --help says what each does)");
    }

    /** The child JVM's command line. */
    List<String> command(Path corpus) {
        List<String> command = ChildJvm.command("-Xmx1g", "-XX:+EnableDynamicAgentLoading",
                "-DJAZZER_FUZZ=1", "-Dfuzz.diff.survey=" + (survey ? out.resolve("survey").toString() : ""),
                "-Djazzer.internal.arg.0=" + target.label(),
                "-Djazzer.internal.arg.1=" + corpus,
                "-Djazzer.internal.arg.2=-max_total_time=" + duration.toSeconds(),
                "-Djazzer.internal.arg.3=-timeout=10",
                "-Djazzer.internal.arg.4=-print_final_stats=1",
                "-Djazzer.coverage_report=" + out.resolve("coverage.txt"));
        command.addAll(List.of("-cp", classPath, FuzzRun.class.getName(), target.testClass(), target.method()));
        return command;
    }

    int run() throws IOException, InterruptedException {
        Path corpus = Files.createDirectories(out.resolve("corpus"));
        Path inputs = moduleDir.resolve(target.inputsDirectory());
        Set<Path> before = files(inputs);
        List<String> command = command(corpus);
        Instant start = Instant.now();
        console.printf("fuzz: %s for %s; log, corpus and summary in %s%n", target.label(), clock(duration), out);
        Process child = new ProcessBuilder(command).directory(moduleDir.toFile()).redirectErrorStream(true).start();
        Thread stop = new Thread(child::destroy);
        Runtime.getRuntime().addShutdownHook(stop);
        lastProgressNanos = System.nanoTime();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
             Writer log = Files.newBufferedWriter(out.resolve("fuzz.log"))) {
            String line;
            while ((line = lines.readLine()) != null) {
                log.write(line);
                log.write('\n');
                read(line, start);
            }
        }
        if (!child.waitFor(1, TimeUnit.MINUTES)) {
            child.destroyForcibly();
        }
        Runtime.getRuntime().removeShutdownHook(stop);
        int exit = child.exitValue();
        Duration took = Duration.between(start, Instant.now());
        if (tty) {
            console.println();
        }
        List<Path> found = new ArrayList<>(files(inputs));
        found.removeAll(before);
        String summary = summary(command, start, took, exit, found);
        Files.writeString(out.resolve("summary.txt"), summary);
        console.print(summary);
        if (exit == 0 && found.isEmpty()) {
            return 0;
        }
        return exit == 1 || !found.isEmpty() ? 1 : 2;
    }

    /** Takes in one line of the child's output. */
    void read(String line, Instant start) {
        LibFuzzerStatus parsed = LibFuzzerStatus.parse(line);
        if (parsed != null) {
            status = parsed;
        } else if (line.startsWith(FuzzRun.STATS)) {
            executions = Long.parseLong(line.substring(FuzzRun.STATS.length()).trim());
            progress(start);
        } else if (line.startsWith(FuzzRun.TALLY)) {
            tallies.add(line.substring(FuzzRun.TALLY.length()).trim());
        } else if (line.contains("Test unit written to ")) {
            findings.add(line.substring(line.indexOf("Test unit written to ") + "Test unit written to ".length()).trim());
            progress(start);
        } else if (line.startsWith("== Java Exception:") || line.startsWith("==") && line.contains("ERROR")) {
            console.println((tty ? "\n" : "") + "fuzz: " + line);
        }
    }

    private void progress(Instant start) {
        long now = System.nanoTime();
        long interval = now - lastProgressNanos;
        if (interval < TimeUnit.SECONDS.toNanos(tty ? 5 : 60) && findings.isEmpty()) {
            return;
        }
        double loadNow = load.sample();
        long rate = interval > 0 ? Math.round((executions - lastExecutions) * 1e9 / interval) : 0;
        lastExecutions = executions;
        lastProgressNanos = now;
        String text = String.format(Locale.ROOT, "fuzz %s %s/%s  executions %,d (%,d/s)  corpus %s  coverage %s  findings %d  load %.2f",
                target.label(), clock(Duration.between(start, Instant.now())), clock(duration), executions, rate,
                status == null ? "-" : String.format(Locale.ROOT, "%,d (%,d B)", status.corpus(), status.corpusBytes()),
                status == null ? "-" : String.format(Locale.ROOT, "%,d edges, %,d features", status.coverage(), status.features()),
                findings.size(), loadNow);
        console.print(tty ? "\r" + text + "   " : text + "\n");
        console.flush();
    }

    private String summary(List<String> command, Instant start, Duration took, int exit, List<Path> found) {
        StringBuilder s = new StringBuilder();
        s.append("target: ").append(target.label()).append(" (").append(target.testClass()).append('#').append(target.method()).append(")\n");
        s.append("started: ").append(start).append('\n');
        s.append("ran: ").append(clock(took)).append(" of ").append(clock(duration)).append('\n');
        s.append("jdk: ").append(Runtime.version()).append(" (").append(System.getProperty("java.vendor")).append(")\n");
        s.append(String.format(Locale.ROOT, "executions: %,d (%,d/s on average)%n", executions,
                took.toSeconds() > 0 ? executions / took.toSeconds() : executions));
        if (status != null) {
            s.append(String.format(Locale.ROOT, "libFuzzer's last status: #%,d %s, coverage %,d edges, %,d features, corpus %,d inputs (%,d B)%n",
                    status.executions(), status.event(), status.coverage(), status.features(), status.corpus(), status.corpusBytes()));
        }
        s.append(load.describe()).append('\n');
        if (!tallies.isEmpty()) {
            s.append("tally (e.g. the known differences met, by id, and how often):\n");
            tallies.forEach(t -> s.append("  ").append(t).append('\n'));
        }
        if (Files.exists(out.resolve("coverage.txt"))) {
            s.append("coverage by source file (Jazzer's report): ").append(out.resolve("coverage.txt")).append('\n');
        }
        s.append("findings: ").append(found.size()).append('\n');
        for (Path path : found) {
            s.append("  ").append(path).append('\n');
        }
        for (String written : findings) {
            s.append("  libFuzzer: ").append(written).append('\n');
        }
        s.append("exit: ").append(exit).append(exit == 0 ? " (no finding)" : exit == 1 ? " (a finding: see fuzz.log)" : " (did not run: see fuzz.log)").append('\n');
        s.append("command: ").append(String.join(" ", command)).append('\n');
        return s.toString();
    }

    private static Set<Path> files(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.collect(TreeSet::new, Set::add, Set::addAll);
        }
    }

    static String clock(Duration d) {
        long seconds = d.toSeconds();
        return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
