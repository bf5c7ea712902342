package io.workbench.targets;

import io.workbench.targets.hello.Strategy;
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
 * {@code ./workbench target --server NAME --strategy STRATEGY [--port P] [--wait MS]}: starts one
 * hello target and keeps it running until SIGTERM or SIGINT.
 *
 * <p>The contract with scripts: stdout carries exactly one line, {@code READY http://127.0.0.1:PORT},
 * printed once the server accepts connections; everything else goes to stderr. A stop signal stops
 * the target in order ({@link Target#stop()}) and the process exits 0. Bad options exit 2 and a
 * server that cannot start exits 1, each with one line on stderr.
 *
 * <p>All option handling is here, once; a server technology only plugs into {@link ServerCatalog}.
 */
@Command(name = "target", sortOptions = false, usageHelpWidth = 100,
        description = "Starts a hello load target (GET /hello, GET /stats) and runs it until SIGTERM or SIGINT.")
public final class TargetCommand implements Callable<Integer> {

    static final int EXIT_CANNOT_START = 1;

    @Spec
    private CommandSpec spec;

    @Option(names = "--server", required = true, paramLabel = "NAME", description = "the server technology (listed below)")
    private String server;

    @Option(names = "--strategy", required = true, paramLabel = "STRATEGY", description = "how /hello spends its wait (listed below)")
    private String strategy;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0",
            description = "the port to listen on at " + TargetSettings.DEFAULT_HOST + "; 0 (the default) picks a free one")
    private int port;

    @Option(names = "--wait", paramLabel = "MS", defaultValue = "0",
            description = "the wait of /hello in milliseconds (default 0); ?wait=MS overrides it per request")
    private long waitMillis;

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
        ServerTechnology technology = ServerCatalog.byName(server).orElseThrow(() -> new ParameterException(
                spec.commandLine(), "unknown server '" + server + "' (known: " + ServerCatalog.names() + ")"));
        Strategy chosen = Strategy.byName(strategy)
                .filter(technology.strategies()::contains)
                .orElseThrow(() -> new ParameterException(spec.commandLine(), technology.name()
                        + " has no strategy '" + strategy + "' (it offers: " + names(technology.strategies()) + ")"));
        TargetSettings settings;
        try {
            settings = TargetSettings.of(chosen, port, waitMillis);
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

    private static String names(Set<Strategy> strategies) {
        return String.join(", ", sorted(strategies).stream().map(Strategy::cliName).toList());
    }

    private static List<Strategy> sorted(Set<Strategy> strategies) {
        return strategies.stream().sorted(Comparator.naturalOrder()).toList();
    }

    private static String[] footer() {
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("Servers (--server) and the strategies (--strategy) each offers:");
        Set<Strategy> offered = EnumSet.noneOf(Strategy.class);
        for (ServerTechnology technology : ServerCatalog.all()) {
            offered.addAll(technology.strategies());
            lines.add(String.format("  %-15s %s", technology.name(), names(technology.strategies())));
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
        lines.add("wait is a 400); GET /stats answers the counters of /hello requests as JSON; else 404.");
        lines.add("Prints exactly one line on stdout, READY http://" + TargetSettings.DEFAULT_HOST + ":PORT, once the");
        lines.add("server accepts; everything else goes to stderr. SIGTERM or SIGINT stops it: no new");
        lines.add("connections, in-flight requests get " + TargetSettings.DEFAULT_STOP_GRACE.toSeconds()
                + " s to finish, then exit status 0.");
        lines.add("Exit status 2: bad options; 1: the server could not start (e.g. the port is in use).");
        return lines.toArray(String[]::new);
    }

    @Override
    public String toString() {
        return "TargetCommand[server=" + server + ", strategy=" + strategy + ", port=" + port + ", wait=" + waitMillis + "]";
    }
}
