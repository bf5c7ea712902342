package io.workbench.fuzz.campaign;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import io.workbench.fuzz.Executions;
import io.workbench.fuzz.Tally;
import java.io.PrintWriter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The campaign's child JVM: runs one fuzz test through the JUnit Platform, in fuzzing mode when
 * the campaign set {@code JAZZER_FUZZ}, and prints {@value #STATS} lines with the executions so far
 * every few seconds for the campaign's progress line. Exits 0 if the test passed, 1 if it failed
 * (a finding), 2 if it did not run.
 *
 * <p>Usage: {@code FuzzRun <test class> <method>}; the method takes a {@code byte[]}.
 */
public final class FuzzRun {

    static final String STATS = "[fuzz-run] executions=";
    static final String TALLY = "[fuzz-run] tally ";

    private FuzzRun() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: FuzzRun <test class> <method>");
            System.exit(2);
        }
        Thread stats = Thread.ofPlatform().daemon().name("fuzz-run-stats").start(() -> {
            try {
                while (true) {
                    Thread.sleep(5_000);
                    System.out.println(STATS + Executions.total());
                }
            } catch (InterruptedException stop) {
                Thread.currentThread().interrupt();
            }
        });
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectMethod(args[0], args[1], "byte[]")).build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(request, listener);
        stats.interrupt();
        System.out.println(STATS + Executions.total());
        TestExecutionSummary summary = listener.getSummary();
        Tally.snapshot().forEach((label, count) -> System.out.println(TALLY + label + " = " + count));
        summary.printFailuresTo(new PrintWriter(System.out, true), 40);
        summary.printTo(new PrintWriter(System.out, true));
        System.out.flush();
        if (summary.getTestsFoundCount() == 0 || summary.getTestsSucceededCount() == 0 && summary.getTotalFailureCount() == 0) {
            System.exit(2);
        }
        System.exit(summary.getTotalFailureCount() == 0 ? 0 : 1);
    }
}
