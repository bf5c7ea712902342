package io.workbench.loadgen;

import io.workbench.iocore.selector.DeadlineWait;
import io.workbench.loadgen.connection.DescriptorLimit;
import io.workbench.loadgen.connection.IdleOrder;
import io.workbench.loadgen.output.FinalTable;
import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.plan.ByteSizes;
import io.workbench.loadgen.plan.Durations;
import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.plan.RunOptions;
import io.workbench.loadgen.plan.SourceAddresses;
import io.workbench.loadgen.plan.TargetUrl;
import io.workbench.loadgen.run.LoadRun;
import io.workbench.loadgen.run.RunResult;
import io.workbench.loadgen.schedule.Arrivals;
import io.workbench.loadgen.trace.RunTrace;
import io.workbench.loadgen.trace.TraceFetch;
import io.workbench.loadgen.trace.TraceTable;
import io.workbench.loadgen.verdict.Lateness;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./workbench load URL [options]}: one run of the load generator. Parses and checks the
 * command line (a bad argument: one line on stderr, exit 2), runs the plan, writes the run's files,
 * prints the final table on stderr and {@code SUMMARY <path>} on stdout. Exit 0 when the run went
 * through (valid or not: the verdict is in summary.json), 1 when the target was unreachable or the
 * run could not start, 130 when interrupted (the summary is still written, marked interrupted).
 */
@Command(name = "load", sortOptions = false,
        description = "Loads an HTTP/1.1 URL on a seeded open schedule (or closed, or all at once) and records what a user saw, "
                + "its parts (the generator's lateness, the wait for a connection, the service time) and what the target caused.")
public final class LoadCommand {

    @Mixin
    RunOptions common = new RunOptions();

    static final int EXIT_OK = 0;
    static final int EXIT_UNREACHABLE = 1;
    static final int EXIT_BAD_ARGUMENTS = 2;
    static final int EXIT_INTERRUPTED = 130;

    @Option(names = "--ramp", paramLabel = "D", description = "open model: the rate rises linearly from 0 to R over D")
    String ramp;

    @Option(names = "--concurrency", paramLabel = "C", description = "closed model: C connections, each with one request outstanding")
    Integer concurrency;

    @Option(names = "--all-at-once", paramLabel = "N", description = "N requests started together")
    Integer allAtOnce;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "the schedule's seed (default 1)")
    long seed;

    @Option(names = "--max-connections", paramLabel = "M", description = "connections at most (default: what the descriptor limit allows)")
    Integer maxConnections;

    @Option(names = "--reuse", paramLabel = "lifo|fifo", defaultValue = "lifo",
            description = "which idle connection a request takes: the most recently used (lifo, default) or the least (fifo: "
                    + "requests rotate over every connection, as wrk does)")
    String reuse;

    @Option(names = "--preconnect", paramLabel = "N", defaultValue = "0",
            description = "open N connections before the clock starts (with --reuse fifo requests rotate over all of them, as wrk -cN does)")
    int preconnect;

    @Option(names = "--source-addresses", paramLabel = "K", defaultValue = "1", description = "spread connections over 127.0.0.1 .. 127.0.0.K")
    int sourceAddresses;

    @Option(names = "--pipeline", paramLabel = "P", defaultValue = "1", description = "requests in flight per connection (default 1)")
    int pipeline;

    @Option(names = "--lag-limit", paramLabel = "D",
            description = "the generator's lateness (intended -> tried to send) p99 above this marks the run invalid (default: the "
                    + "larger of 1ms and 1%% of the run's intended->end median)")
    String lagLimit;

    @Option(names = "--latency-floor", paramLabel = "D",
            description = "also record tried->end less D (the time the target was asked to take) at the microsecond, as "
                    + "beyond-floor (default: the URL's wait parameter, if it has one; 0: not recorded)")
    String latencyFloor;

    @Option(names = "--connect-timeout", paramLabel = "T", defaultValue = "10s", description = "how long a connect may take (default 10s)")
    String connectTimeout;

    @Option(names = "--pacing", paramLabel = "alarm|select|park|spin", defaultValue = "alarm",
            description = "how a loop waits for an intended time less than a millisecond away: alarm (a timer thread wakes the "
                    + "loop's blocked select; the default), select (whole milliseconds, as wrk2), park (the loop parks: reads wait), "
                    + "spin (select down to a millisecond, then spin)")
    String pacing;

    @Option(names = "--spin", paramLabel = "D",
            description = "spin (selectNow in a loop) for the last D before each intended time: more precision, more CPU "
                    + "(default 0; 1.2ms with --pacing spin)")
    String spin;

    @Option(names = "--batch", paramLabel = "D", defaultValue = "100us",
            description = "open model: a loop wakes for its schedule at most once per D; arrivals due sooner after a wake go out "
                    + "with the next (fewer wake-ups at high rates, at most D more lateness; default 100us; 0: a wake for each)")
    String batch;

    @Option(names = "--wake-slack", paramLabel = "D", defaultValue = "200us",
            description = "open model: while responses are flowing (ending at least four times per D), a loop's timer may fire "
                    + "up to D after an arrival's time, since a response nearly always wakes the loop first and an awake loop sends "
                    + "what is due (fewer wake-ups, at most D more lateness; default 200us; 0: the timer keeps to each arrival's time)")
    String wakeSlack;

    @Option(names = "--connect-after", paramLabel = "D", defaultValue = "1ms",
            description = "open model: a request that finds no idle connection waits this long for one to come back before "
                    + "a connect is started for it (default 1ms; 0: at once)")
    String connectAfter;

    @Option(names = "--spread-limit", paramLabel = "D",
            description = "all-at-once: the generator must have tried every request within D of the instant they were due (default: "
                    + "a tenth of the URL's wait=N, or the lag limit if it has none, or 1ms)")
    String spreadLimit;

    @Option(names = "--prime", paramLabel = "N", defaultValue = "5000",
            description = "N requests to an in-process canned server before the clock starts, on the run's own loops, recorded "
                    + "nowhere: they compile the hot paths without touching the target (default 5000; 0: none)")
    long prime;

    @Option(names = "--read-buffer", paramLabel = "SIZE", defaultValue = "64KiB",
            description = "bytes of the direct buffer each loop reads responses into, shared by its connections: a body "
                    + "arrives in reads of at most this (default 64KiB, within 4KiB..16MiB; 65536, 64KiB and 64k are the same)")
    String readBuffer;

    @Option(names = "--trace",
            description = "send every request with its id (X-Workbench-Trace), fetch the target's stamps after the run "
                    + "(GET /trace: the target must run with --trace) and split each request's latency into seven parts, "
                    + "written to trace.csv and summary.json's trace")
    boolean trace;

    public static void main(String[] args) {
        int code = execute(args, System.out, System.err, true);
        if (code != EXIT_INTERRUPTED) {
            System.exit(code);
        }
        // Interrupted: the JVM is already shutting down; the shutdown hook ends it with 130.
    }

    /**
     * Runs the command with {@code args}; what a user sees goes to {@code out} and {@code err}.
     *
     * @param shutdownHook whether Ctrl-C / SIGTERM stop the run cleanly (false in tests: no hook is installed)
     * @return the exit code
     */
    public static int execute(String[] args, PrintStream out, PrintStream err, boolean shutdownHook) {
        return execute(args, out, err, shutdownHook, run -> { });
    }

    /**
     * As {@link #execute(String[], PrintStream, PrintStream, boolean)}, and {@code started} is given
     * the run, from the calling thread, before it starts: a test watches its loops through it.
     */
    public static int execute(String[] args, PrintStream out, PrintStream err, boolean shutdownHook, Consumer<LoadRun> started) {
        LoadCommand command = new LoadCommand();
        CommandLine line = new CommandLine(command);
        line.setOut(new PrintWriter(err, true));
        line.setErr(new PrintWriter(err, true));
        LoadPlan plan;
        DescriptorLimit descriptors = DescriptorLimit.read();
        try {
            CommandLine.ParseResult parsed = line.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return EXIT_OK;
            }
            plan = command.plan("load " + String.join(" ", args), descriptors, err);
        } catch (CommandLine.ParameterException | IllegalArgumentException x) {
            err.println("loadgen: " + x.getMessage() + " (./workbench load --help lists the options)");
            return EXIT_BAD_ARGUMENTS;
        }
        return command.run(plan, descriptors, out, err, shutdownHook, started);
    }

    private int run(LoadPlan plan, DescriptorLimit descriptors, PrintStream out, PrintStream err, boolean shutdownHook,
                    Consumer<LoadRun> started) {
        try {
            Files.createDirectories(plan.out());
        } catch (IOException x) {
            err.println("loadgen: cannot create the output directory " + plan.out() + ": " + x.getMessage());
            return EXIT_UNREACHABLE;
        }
        if (plan.trace()) {
            try {
                RunTrace.prepare(plan.url());
            } catch (TraceFetch.TraceUnavailable unavailable) {
                err.println("loadgen: --trace: " + unavailable.getMessage());
                return EXIT_UNREACHABLE;
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
                return EXIT_INTERRUPTED;
            }
        }
        LoadRun run = new LoadRun(plan, descriptors, plan.progress() ? err : null);
        started.accept(run);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = null;
        if (shutdownHook) {
            hook = new Thread(() -> {
                if (finished.getCount() == 0) {
                    return;
                }
                err.println("loadgen: interrupted; ending what is in flight and writing the summary");
                run.interrupt();
                try {
                    finished.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                out.flush();
                err.flush();
                Runtime.getRuntime().halt(EXIT_INTERRUPTED);
            }, "loadgen-interrupt");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        try {
            if (plan.progress()) {
                err.println("loadgen: " + plan.command() + " -> " + plan.out() + " (max " + plan.maxConnections()
                        + " connections; descriptor limit " + descriptors.limit() + ")");
            }
            RunResult result = run.run();
            RunTrace.Outcome trace = plan.trace() && result.failure() == null ? RunTrace.collect(plan.out(), plan.url(), run.loops()) : null;
            Path summary = RunFiles.write(result, trace == null ? null : trace.summary());
            if (result.failure() != null) {
                err.println("loadgen: " + result.failure());
            } else if (plan.progress()) {
                err.print(FinalTable.render(result));
                if (trace != null) {
                    err.print(TraceTable.render(trace));
                }
            } else if (trace != null && trace.failure() != null) {
                err.println("loadgen: --trace: " + trace.failure());
            }
            out.println("SUMMARY " + summary.toAbsolutePath());
            out.flush();
            if (result.failure() != null) {
                return EXIT_UNREACHABLE;
            }
            return result.interrupted() ? EXIT_INTERRUPTED : EXIT_OK;
        } catch (IOException x) {
            err.println("loadgen: the run failed: " + x);
            return EXIT_UNREACHABLE;
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            return EXIT_INTERRUPTED;
        } finally {
            finished.countDown();
        }
    }

    /** Checks the options against each other and builds the plan. */
    LoadPlan plan(String commandLine, DescriptorLimit descriptors, PrintStream err) {
        TargetUrl target = TargetUrl.parse(common.url());
        Double rate = common.rate();
        String arrivals = common.arrivals();
        Long requests = common.requests();
        String duration = common.duration();
        String warmup = common.warmup();
        int threads = common.threads();
        double minRateFraction = common.minRateFraction();
        int models = (rate != null ? 1 : 0) + (concurrency != null ? 1 : 0) + (allAtOnce != null ? 1 : 0);
        if (models != 1) {
            throw new IllegalArgumentException("choose one model: --rate R (open), --concurrency C (closed) or --all-at-once N");
        }
        Model model = rate != null ? Model.OPEN : concurrency != null ? Model.CLOSED : Model.ALL_AT_ONCE;
        if (model != Model.OPEN && (arrivals != null || ramp != null)) {
            throw new IllegalArgumentException("--arrivals and --ramp belong to the open model (--rate)");
        }
        if (rate != null && !(rate > 0 && rate <= 10_000_000)) {
            throw new IllegalArgumentException("--rate " + rate + ": must be above 0 and at most 10,000,000 per second");
        }
        if (concurrency != null && (concurrency < 1 || concurrency > 1_000_000)) {
            throw new IllegalArgumentException("--concurrency " + concurrency + ": must be within 1..1,000,000");
        }
        if (allAtOnce != null && (allAtOnce < 1 || allAtOnce > 1_000_000)) {
            throw new IllegalArgumentException("--all-at-once " + allAtOnce + ": must be within 1..1,000,000");
        }
        if (model != Model.ALL_AT_ONCE && (requests == null) == (duration == null)) {
            throw new IllegalArgumentException("give the measured phase as --requests N or --duration D (one of the two)");
        }
        if (model == Model.ALL_AT_ONCE && (requests != null || duration != null || warmup != null)) {
            throw new IllegalArgumentException("--all-at-once N is its own count: no --requests, --duration or --warmup");
        }
        if (requests != null && requests < 1) {
            throw new IllegalArgumentException("--requests " + requests + ": must be at least 1");
        }
        Arrivals arrivalKind = Arrivals.EXPONENTIAL;
        if (arrivals != null) {
            try {
                arrivalKind = Arrivals.valueOf(arrivals.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException("--arrivals " + arrivals + ": exponential or constant");
            }
        }
        long durationNanos = duration == null ? 0 : positive("--duration", duration);
        long warmupNanos = warmup == null ? 0 : Durations.parseNanos("--warmup", warmup);
        long rampNanos = ramp == null ? 0 : Durations.parseNanos("--ramp", ramp);
        long timeoutNanos = positive("--timeout", common.timeout());
        long connectTimeoutNanos = positive("--connect-timeout", connectTimeout);
        long lagLimitNanos = lagLimit == null ? 0 : positive("--lag-limit", lagLimit);
        if (timeoutNanos < 1_000_000 || connectTimeoutNanos < 1_000_000) {
            throw new IllegalArgumentException("--timeout and --connect-timeout must be at least 1ms");
        }
        if (pipeline < 1 || pipeline > 1024) {
            throw new IllegalArgumentException("--pipeline " + pipeline + ": must be within 1..1024");
        }
        if (threads < 1 || threads > 64) {
            throw new IllegalArgumentException("--threads " + threads + ": must be within 1..64");
        }
        if (!(minRateFraction > 0 && minRateFraction <= 1)) {
            throw new IllegalArgumentException("--min-rate-fraction " + minRateFraction + ": must be within (0, 1]");
        }
        int allowed = descriptors.connectionsAllowed();
        int cap = maxConnections == null ? allowed : maxConnections;
        if (cap < 1 || cap > 1_000_000) {
            throw new IllegalArgumentException("--max-connections " + cap + ": must be within 1..1,000,000");
        }
        if (maxConnections != null && maxConnections > allowed) {
            err.println("loadgen: --max-connections " + maxConnections + " is more than the descriptor limit (" + descriptors.limit()
                    + ", " + descriptors.openAtStart() + " open) allows (" + allowed + "); reaching it will be reported");
        }
        if (model == Model.CLOSED && concurrency > cap) {
            throw new IllegalArgumentException("--concurrency " + concurrency + " is more than the connection cap " + cap);
        }
        if (prime < 0) {
            throw new IllegalArgumentException("--prime " + prime + ": must not be negative");
        }
        if (preconnect < 0 || preconnect > cap) {
            throw new IllegalArgumentException("--preconnect " + preconnect + ": must be within 0..the connection cap " + cap);
        }
        IdleOrder order;
        try {
            order = IdleOrder.valueOf(reuse.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException x) {
            throw new IllegalArgumentException("--reuse " + reuse + ": lifo or fifo");
        }
        List<String> sources = sources(target);
        Path dir = common.out() != null ? common.out() : defaultOut();
        DeadlineWait wait = deadlineWait();
        long spreadLimitNanos = spreadLimit != null ? positive("--spread-limit", spreadLimit)
                : target.waitMillis() > 0 ? TimeUnit.MILLISECONDS.toNanos(target.waitMillis()) / 10
                : lagLimitNanos > 0 ? lagLimitNanos : (long) (Lateness.FLOOR_MS * 1_000_000);
        return new LoadPlan(commandLine, common.label(), target, model, rate == null ? 0 : rate, model == Model.OPEN ? arrivalKind : null,
                rampNanos, concurrency == null ? 0 : concurrency, allAtOnce == null ? 0 : allAtOnce, requests == null ? 0 : requests,
                durationNanos, warmupNanos, seed, cap, order, preconnect, sources, pipeline, timeoutNanos, connectTimeoutNanos, lagLimitNanos,
                minRateFraction, wait, threads, spreadLimitNanos, window("--batch", batch), window("--wake-slack", wakeSlack),
                nonNegative("--connect-after", connectAfter), prime,
                ByteSizes.parse("--read-buffer", readBuffer, LoadPlan.MIN_READ_BUFFER, LoadPlan.MAX_READ_BUFFER),
                latencyFloor != null ? Durations.parseNanos("--latency-floor", latencyFloor) : TimeUnit.MILLISECONDS.toNanos(Math.max(0, target.waitMillis())),
                dir, !common.quiet(), trace);
    }

    private static long nonNegative(String option, String text) {
        long nanos = Durations.parseNanos(option, text);
        if (nanos > TimeUnit.MINUTES.toNanos(1)) {
            throw new IllegalArgumentException(option + " " + text + ": must be at most 1m");
        }
        return nanos;
    }

    /** @return the duration {@code text} of {@code option}, which must be within 0..1s */
    private static long window(String option, String text) {
        long nanos = Durations.parseNanos(option, text);
        if (nanos < 0 || nanos > TimeUnit.SECONDS.toNanos(1)) {
            throw new IllegalArgumentException(option + " " + text + ": must be within 0..1s");
        }
        return nanos;
    }

    /** The loops' way of waiting for an intended time, from --pacing and --spin. */
    private DeadlineWait deadlineWait() {
        long spinNanos = spin == null ? -1 : Durations.parseNanos("--spin", spin);
        if (spin != null && (spinNanos < 0 || spinNanos > TimeUnit.SECONDS.toNanos(1))) {
            throw new IllegalArgumentException("--spin " + spin + ": must be within 0..1s");
        }
        return switch (pacing.toLowerCase(Locale.ROOT)) {
            case "alarm" -> new DeadlineWait(DeadlineWait.Mode.ALARM, Math.max(0, spinNanos));
            case "select" -> new DeadlineWait(DeadlineWait.Mode.SELECT, Math.max(0, spinNanos));
            case "park" -> new DeadlineWait(DeadlineWait.Mode.PARK, Math.max(0, spinNanos));
            case "spin" -> new DeadlineWait(DeadlineWait.Mode.SELECT, spinNanos >= 0 ? spinNanos : SPIN_WINDOW_NANOS);
            default -> throw new IllegalArgumentException("--pacing " + pacing + ": alarm, select, park or spin");
        };
    }

    /** --pacing spin: a spin window over a millisecond, so that select(1 ms) and the kernel's slack never overshoot it. */
    static final long SPIN_WINDOW_NANOS = 1_200_000;

    private static long positive(String option, String text) {
        long nanos = Durations.parseNanos(option, text);
        if (nanos <= 0) {
            throw new IllegalArgumentException(option + " " + text + ": must be above 0");
        }
        return nanos;
    }

    /** See {@link SourceAddresses}: 127.0.0.1 .. 127.0.0.K for a loopback target, otherwise no binding. */
    private List<String> sources(TargetUrl target) {
        InetAddress address;
        try {
            address = target.resolve().getAddress();
        } catch (UnknownHostException x) {
            // The run reports an unreachable target (exit 1).
            address = null;
        }
        return SourceAddresses.forTarget(address, sourceAddresses, target.host());
    }

    private static Path defaultOut() {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path base = Path.of("loadgen-results", stamp);
        Path dir = base;
        for (int i = 2; Files.exists(dir); i++) {
            dir = Path.of(base + "-" + i);
        }
        return dir;
    }
}
