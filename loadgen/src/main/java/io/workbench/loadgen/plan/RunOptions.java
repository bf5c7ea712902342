package io.workbench.loadgen.plan;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options every engine's load command shares, declared once as a picocli mixin: the
 * workbench's own generator ({@code ./workbench load}) and Hyperfoil in process
 * ({@code ./workbench load --engine hyperfoil}) take them with the same names, defaults and
 * meaning, so a run can be repeated on the other engine by changing one word.
 */
public final class RunOptions {

    @Parameters(index = "0", paramLabel = "URL", description = "http://host[:port]/path?query")
    String url;

    @Option(names = "--rate", paramLabel = "R", description = "open model: R requests per second")
    Double rate;

    @Option(names = "--arrivals", paramLabel = "exponential|constant", description = "open model: gaps between arrivals (default exponential)")
    String arrivals;

    @Option(names = "--requests", paramLabel = "N", description = "the measured phase is N requests")
    Long requests;

    @Option(names = "--duration", paramLabel = "D", description = "the measured phase lasts D (10s, 500ms, 2m)")
    String duration;

    @Option(names = "--warmup", paramLabel = "D", description = "a phase before it, same schedule, not recorded")
    String warmup;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "the generator's threads, each an event loop with its share of the schedule and its own connections "
                    + "(default 1: the generator is meant to be pinned to one core; give it more cores, give it more threads)")
    int threads;

    @Option(names = "--timeout", paramLabel = "T", defaultValue = "30s", description = "per-request timeout, from its send (default 30s)")
    String timeout;

    @Option(names = "--min-rate-fraction", paramLabel = "F", defaultValue = "0.99",
            description = "keeping up with less than F of the rate the schedule asks for marks the run invalid (default 0.99)")
    double minRateFraction;

    @Option(names = "--out", paramLabel = "DIR", description = "where the files go (default loadgen-results/<timestamp>)")
    Path out;

    @Option(names = "--label", paramLabel = "NAME", description = "a free label stored in summary.json")
    String label;

    @Option(names = "--quiet", description = "no progress line and no final table on stderr")
    boolean quiet;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text (on stderr: stdout carries only the SUMMARY line)")
    boolean help;

    public String url() {
        return url;
    }

    /** @return the open model's rate, or null if none was given */
    public Double rate() {
        return rate;
    }

    /** @return exponential or constant as given, or null */
    public String arrivals() {
        return arrivals;
    }

    public Long requests() {
        return requests;
    }

    public String duration() {
        return duration;
    }

    public String warmup() {
        return warmup;
    }

    public int threads() {
        return threads;
    }

    public String timeout() {
        return timeout;
    }

    public double minRateFraction() {
        return minRateFraction;
    }

    public Path out() {
        return out;
    }

    public String label() {
        return label;
    }

    public boolean quiet() {
        return quiet;
    }
}
