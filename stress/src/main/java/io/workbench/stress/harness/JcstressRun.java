package io.workbench.stress.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One jcstress invocation: what {@link StressCheck} asks of {@link Jcstress}. An interface so that
 * the check's own logic (judging, retrying a mutant not caught) is tested without forking VMs.
 */
@FunctionalInterface
public interface JcstressRun {

    /**
     * Runs jcstress with {@code args} in {@code dir} (emptied first), copying its console to
     * {@code echo} if not null.
     *
     * @return the outcomes of every test that ran, by test class name
     * @throws IOException if jcstress produced no results (the message says why)
     */
    Map<String, TestOutcomes> run(Path dir, List<String> args, PrintStream echo, Duration timeout)
            throws IOException, InterruptedException;
}
