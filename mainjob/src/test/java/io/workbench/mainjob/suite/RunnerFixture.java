package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.workbench.mainjob.suite.generator.GeneratorProcess;
import io.workbench.mainjob.suite.proc.SamplingThread;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The runner's own parts, wired as a run wires them, for tests that drive a target of their own
 * ({@link SpinningTarget}) from outside: a generator JVM, the sampling thread, the load runs.
 */
final class RunnerFixture implements AutoCloseable {

    private final Path root;
    private final String classpath = System.getProperty("java.class.path");
    private final GeneratorProcess generator;
    private final ScheduledExecutorService sampling = SamplingThread.start();
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    final Progress progress = new Progress(new PrintStream(said, true, StandardCharsets.UTF_8), 1);
    private final List<TargetSession> targets = new ArrayList<>();
    final LoadRuns runs;
    final LoadArguments arguments = new LoadArguments(1, 1, false);

    RunnerFixture(Path root) {
        this.root = root;
        JvmLaunch launch = JvmLaunch.current(classpath, classpath);
        List<String> command = new ArrayList<>(launch.generatorCommand());
        // A test's generator needs less than a run's: no 1 GB heap touched up front.
        command.replaceAll(flag -> flag.equals("-Xms1g") ? "-Xms64m" : flag.equals("-Xmx1g") ? "-Xmx256m" : flag);
        command.remove("-XX:+AlwaysPreTouch");
        generator = new GeneratorProcess(command, root.resolve("generator.stderr"));
        runs = new LoadRuns(root, generator, sampling, progress, Interruption.none(), List.of());
    }

    /**
     * A {@link SpinningTarget} with {@code options}, started and ready, in a directory named {@code name}. It
     * runs on C1 alone (compiled within its first requests, then no more compilation) with a young generation
     * it does not fill in a test (no collection): nothing comes in lumps into one window and not the next, so
     * its cost per request is the burn plus a small, steady rest.
     */
    TargetSession spinningTarget(String name, String... options) throws IOException {
        Path dir = root.resolve(name);
        List<String> command = new ArrayList<>(List.of(JvmLaunch.current(classpath).java(), "-XX:TieredStopAtLevel=1", "-Xms384m", "-Xmx384m", "-Xmn320m",
                "-XX:+UseSerialGC", "-cp", classpath, SpinningTarget.class.getName()));
        command.addAll(List.of(options));
        TargetProcess.Outcome outcome = TargetProcess.start(command, dir, Duration.ofSeconds(60));
        TargetProcess process = assertInstanceOf(TargetProcess.Started.class, outcome, () -> outcome.toString()).target();
        TargetSession session = new TargetSession(new TargetId("spinning", name), dir, name, process, new TargetStatsProbe(process.url()),
                null, System.currentTimeMillis());
        targets.add(session);
        return session;
    }

    /** What the runner said on its progress lines. */
    String said() {
        return said.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        for (TargetSession target : targets) {
            target.stop(false);
        }
        generator.close();
        sampling.shutdownNow();
    }
}
