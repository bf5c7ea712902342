package io.workbench.targets;

import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellCard;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.BindException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./workbench target --server NAME --strategy STRATEGY [--port P] [--wait MS] [--sweep-ms N] [--stream-high-water BYTES] [--trace]}:
 * starts one hello target and keeps it running until SIGTERM or SIGINT; {@code --list} prints the
 * whole matrix instead (every server x strategy cell, what it does or why it is refused),
 * {@code --describe S X} the card of one cell ({@link CellCard}), {@code --cards} every card as the
 * Markdown table the documentation holds.
 *
 * <p>The contract with scripts: stdout carries exactly one line, {@code READY http://HOST:PORT}
 * ({@code 127.0.0.1} unless {@code --host} says otherwise),
 * printed once the server accepts connections; everything else goes to stderr. A stop signal stops
 * the target in order ({@link Target#stop()}) and the process exits 0. Bad options, and a cell the
 * matrix refuses (with the reason), exit 2; a server that cannot start exits 1; each with one line
 * on stderr.
 *
 * <p>All option handling is here, once; a server technology only plugs into {@link ServerCatalog}.
 */
@Command(name = "target", sortOptions = false, usageHelpWidth = 100,
        description = "Starts a hello load target (GET /hello, GET /stream, GET /stats) and runs it until SIGTERM or SIGINT.")
public final class TargetCommand implements Callable<Integer> {

    static final int EXIT_CANNOT_START = 1;

    @Spec
    private CommandSpec spec;

    @Option(names = "--server", paramLabel = "NAME", description = "the server technology (listed below); required unless --list")
    private String server;

    @Option(names = "--strategy", paramLabel = "STRATEGY",
            description = "how /hello spends its wait and /stream writes (listed below); required unless --list")
    private String strategy;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = TargetSettings.DEFAULT_HOST,
            description = "the address to listen on, a literal IP address (default " + TargetSettings.DEFAULT_HOST
                    + "); READY names it")
    private String host;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0",
            description = "the port to listen on; 0 (the default) picks a free one")
    private int port;

    @Option(names = "--wait", paramLabel = "MS", defaultValue = "0",
            description = "the wait of /hello in milliseconds (default 0); ?wait=MS overrides it per request")
    private long waitMillis;

    @Option(names = "--sweep-ms", paramLabel = "N", defaultValue = "0",
            description = "asynchronous strategies only: park requests until a timer sweeps them every N ms, as the 2016 "
                    + "study did with N = 10; costs 0 to N ms (N/2 on average) on every request and one timer thread. "
                    + "Default 0: hand requests off at once")
    private long sweepMillis;

    @Option(names = "--stream-high-water", paramLabel = "BYTES",
            description = "iocore only: the bytes of /stream chunks one write gathers (one system call for several "
                    + "chunks; the chunk that crosses the mark is cut there and its rest leads the next write). Default "
                    + TargetSettings.DEFAULT_STREAM_HIGH_WATER
                    + "; 1 writes one chunk a system call")
    private Integer streamHighWater;

    @Option(names = "--trace",
            description = "stamp every request that carries an X-Workbench-Trace id (a load generator's --trace) at its "
                    + "first read, the handler entered, the answer started and its last byte handed to the socket, and "
                    + "serve the records on GET /trace; off (the default), the field is never looked at")
    private boolean trace;

    @Option(names = "--list",
            description = "print the whole matrix (every server x strategy cell: what it does, or why it is refused) and exit")
    private boolean list;

    @Option(names = "--describe", arity = "2", paramLabel = "S X",
            description = "print the card of cell S:X (its threads, waits, hand-offs per request, buffers, idle timeout, "
                    + "and where it departs from the 2016 study) and exit")
    private List<String> describe;

    @Option(names = "--cards",
            description = "print the card of every cell that runs, as the Markdown tables of docs/servlet-targets.md, and exit")
    private boolean cards;

    /** Read by picocli, which prints the usage and exits 0 before {@link #call()}. */
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    private boolean help;

    private final PrintStream out;
    private final PrintStream err;

    TargetCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(commandLine(System.out, System.err).execute(args));
    }

    /** The command wired to {@code out} (READY and --help) and {@code err} (errors), ready to execute. */
    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine commandLine = new CommandLine(new TargetCommand(out, err));
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.getCommandSpec().usageMessage().footer(footer());
        // One line that says what is wrong, not the whole usage text: scripts show it as it is.
        commandLine.setParameterExceptionHandler((invalid, args) -> {
            err.println("target: " + invalid.getMessage() + " (see --help)");
            return invalid.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        return commandLine;
    }

    @Override
    public Integer call() throws Exception {
        if (list) {
            printMatrix();
            return 0;
        }
        if (cards) {
            cardsMarkdown().forEach(out::println);
            out.flush();
            return 0;
        }
        if (describe != null) {
            ServerTechnology described = technology(describe.get(0));
            Strategy strategyOfCard = strategy(describe.get(1));
            if (!described.strategies().contains(strategyOfCard)) {
                throw refused(described, strategyOfCard);
            }
            CellCard.of(described, strategyOfCard).lines().forEach(out::println);
            out.flush();
            return 0;
        }
        if (server == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--server=NAME'");
        }
        if (strategy == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--strategy=STRATEGY'");
        }
        ServerTechnology technology = technology(server);
        Strategy chosen = strategy(strategy);
        if (!technology.strategies().contains(chosen)) {
            throw refused(technology, chosen);
        }
        if (sweepMillis != 0 && !chosen.isAsynchronous()) {
            throw new ParameterException(spec.commandLine(), "--sweep-ms applies to the asynchronous strategies ("
                    + names(asynchronous()) + "), not to " + chosen.cliName());
        }
        if (streamHighWater != null && !technology.gathersStreamChunks()) {
            throw new ParameterException(spec.commandLine(), "--stream-high-water applies to the servers whose /stream "
                    + "gathers chunks (" + gatheringServers() + "), not to " + technology.name());
        }
        TargetSettings settings;
        try {
            settings = TargetSettings.of(chosen, port, waitMillis).withHost(host).withSweepMillis(sweepMillis).withTrace(trace);
            if (streamHighWater != null) {
                settings = settings.withStreamHighWater(streamHighWater);
            }
        } catch (IllegalArgumentException outOfRange) {
            // The settings know the valid ranges; the command only reports them.
            throw new ParameterException(spec.commandLine(), outOfRange.getMessage());
        }

        Target target;
        try {
            target = Target.start(technology, settings);
        } catch (Exception failed) {
            err.println("target: cannot start " + technology.name() + ": " + reason(failed, settings));
            return EXIT_CANNOT_START;
        }
        // Taken over only once there is something to stop; a signal during start-up ends the JVM as usual.
        StopSignal stopSignal = StopSignal.install();
        out.println("READY " + target.uri());
        out.flush();
        try {
            stopSignal.await();
        } finally {
            target.stop();
        }
        return 0;
    }

    private ServerTechnology technology(String name) {
        return ServerCatalog.byName(name).orElseThrow(() -> new ParameterException(
                spec.commandLine(), "unknown server '" + name + "' (known: " + ServerCatalog.names() + ")"));
    }

    private Strategy strategy(String name) {
        return Strategy.byName(name).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "unknown strategy '" + name + "' (known: " + names(EnumSet.allOf(Strategy.class)) + ")"));
    }

    private ParameterException refused(ServerTechnology technology, Strategy chosen) {
        return new ParameterException(spec.commandLine(), technology.name() + " refuses " + chosen.cliName() + ": "
                + technology.whyNot(chosen) + " (it runs: " + names(technology.strategies()) + ")");
    }

    /**
     * Every card as Markdown, server by server in catalog order, strategies in matrix order, then
     * where every cell of each strategy departs from the study: what docs/servlet-targets.md holds.
     */
    static List<String> cardsMarkdown() {
        List<String> lines = new ArrayList<>();
        for (ServerTechnology technology : ServerCatalog.all()) {
            lines.addAll(CellCard.markdown(technology, sorted(technology.strategies())));
            lines.add("");
        }
        lines.add("Every cell of a strategy also departs from the study as follows:");
        lines.add("");
        lines.addAll(CellCard.strategyDeviationsMarkdown(List.of(Strategy.values())));
        return lines;
    }

    private static String gatheringServers() {
        List<String> names = new ArrayList<>();
        for (ServerTechnology each : ServerCatalog.all()) {
            if (each.gathersStreamChunks()) {
                names.add(each.name());
            }
        }
        return String.join(", ", names);
    }

    /** What went wrong, in one line: a port in use is the common case and gets a plain sentence. */
    private static String reason(Throwable failed, TargetSettings settings) {
        for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException) {
                return "cannot listen on " + settings.host() + ":" + settings.port() + ": " + cause.getMessage();
            }
        }
        Throwable root = failed;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.toString();
    }

    /** The matrix, server by server, on stdout: the cells each runs and the ones it refuses, with the reason. */
    private void printMatrix() {
        List<ServerTechnology> technologies = server == null ? ServerCatalog.all()
                : List.of(ServerCatalog.byName(server).orElseThrow(() -> new ParameterException(
                        spec.commandLine(), "unknown server '" + server + "' (known: " + ServerCatalog.names() + ")")));
        for (String line : matrixLines(technologies)) {
            out.println(line);
        }
        out.flush();
    }

    /** The lines of {@code --list}: a header, then per server its description and one line per strategy. */
    static List<String> matrixLines(List<ServerTechnology> technologies) {
        List<String> lines = new ArrayList<>();
        int runs = 0;
        int refused = 0;
        for (ServerTechnology technology : technologies) {
            lines.add(technology.name() + ": " + technology.description());
            for (Strategy each : Strategy.values()) {
                boolean offered = technology.strategies().contains(each);
                lines.add(String.format("  %-15s %-8s %s", each.cliName(), offered ? "runs" : "REFUSED",
                        offered ? technology.howItRuns(each) : technology.whyNot(each)));
                if (offered) {
                    runs++;
                } else {
                    refused++;
                }
            }
        }
        lines.add("");
        lines.add((runs + refused) + " cells: " + runs + " run, " + refused + " refused (exit status 2, with the reason).");
        return lines;
    }

    private static Set<Strategy> asynchronous() {
        Set<Strategy> asynchronous = EnumSet.noneOf(Strategy.class);
        for (Strategy each : Strategy.values()) {
            if (each.isAsynchronous()) {
                asynchronous.add(each);
            }
        }
        return asynchronous;
    }

    private static String names(Set<Strategy> strategies) {
        return String.join(", ", sorted(strategies).stream().map(Strategy::cliName).toList());
    }

    private static List<Strategy> sorted(Set<Strategy> strategies) {
        return strategies.stream().sorted(Comparator.naturalOrder()).toList();
    }

    private static String[] footer() {
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("Servers (--server) and the strategies (--strategy) each runs (--list: every cell, and why one is refused):");
        Set<Strategy> offered = EnumSet.noneOf(Strategy.class);
        for (ServerTechnology technology : ServerCatalog.all()) {
            offered.addAll(technology.strategies());
            lines.add(String.format("  %-17s %s", technology.name(), names(technology.strategies())));
            lines.add("      " + technology.description());
        }
        lines.add("");
        lines.add("Strategies:");
        for (Strategy each : sorted(offered)) {
            lines.add(String.format("  %-15s", each.cliName()));
            lines.add("      " + each.summary());
        }
        lines.add("");
        lines.add("GET /hello answers 200 text/plain \"hello\" after the wait (?wait=MS overrides it; a bad");
        lines.add("wait is a 400). GET /stream?bytes=N[&chunk=K] answers N bytes (N <= 1 GiB, Content-Length set;");
        lines.add("byte i is i mod 251), written K at a time (default 16 KiB, at most 1 MiB) as fast as the client");
        lines.add("reads, in the server's own way; a bad N or K is a 400 that says why. GET /stats answers the");
        lines.add("counters of /hello and /stream as JSON. With --trace, GET /trace answers the records of the traced");
        lines.add("requests since the last GET /trace, as CSV; without it, a 404. Anything else is 404.");
        lines.add("Prints exactly one line on stdout, READY http://" + TargetSettings.DEFAULT_HOST + ":PORT (or the --host");
        lines.add("address), once the server accepts; everything else goes to stderr. SIGTERM or SIGINT stops it: no new");
        lines.add("connections, in-flight requests get " + TargetSettings.DEFAULT_STOP_GRACE.toSeconds()
                + " s to finish, then exit status 0.");
        lines.add("Exit status 2: bad options, or a cell the matrix refuses (with the reason); 1: the server");
        lines.add("could not start (e.g. the port is in use).");
        return lines.toArray(String[]::new);
    }

    @Override
    public String toString() {
        return "TargetCommand[server=" + server + ", strategy=" + strategy + ", port=" + port + ", wait=" + waitMillis
                + ", sweep=" + sweepMillis + (trace ? ", trace" : "") + "]";
    }
}
