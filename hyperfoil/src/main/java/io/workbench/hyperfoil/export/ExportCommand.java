package io.workbench.hyperfoil.export;

import io.workbench.mainjob.suite.Profile;
import io.workbench.mainjob.suite.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./workbench export hyperfoil --scenario S [--profile P] --target URL [--agents NAME=HOST,...] [--out FILE]}:
 * one of the suite's scenarios as a Hyperfoil benchmark, on stdout or in a file.
 */
@Command(name = "export", sortOptions = false, usageHelpWidth = 100,
        description = {"Writes one of the suite's scenarios as a Hyperfoil benchmark (YAML), to run on a Hyperfoil",
                "controller and its agents: the warm-up as a closed phase, the scenario as a constantRate phase",
                "(exponential arrivals: variance true) or an atOnce phase, one after the other."})
public final class ExportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FORMAT", description = "hyperfoil (the only format)")
    private String format;

    @Option(names = "--scenario", required = true, paramLabel = "S", description = "the scenario: ${COMPLETION-CANDIDATES}",
            completionCandidates = ScenarioNames.class)
    private String scenario;

    @Option(names = "--profile", paramLabel = "P", defaultValue = "standard", description = "quick, standard or study (default standard)")
    private String profile;

    @Option(names = "--target", required = true, paramLabel = "URL", description = "the target as the agents reach it, e.g. http://10.0.0.5:8080")
    private URI target;

    @Option(names = "--agents", paramLabel = "NAME=HOST,...", description = "the agents the controller deploys over SSH ([user@]host[:port]); "
            + "Hyperfoil divides rate, sessions and connections among them")
    private String agents;

    @Option(names = "--threads", paramLabel = "N", description = "event-loop threads per agent (default: Hyperfoil's)")
    private Integer threads;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write it (default: stdout)")
    private Path out;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    private boolean help;

    private final PrintWriter stdout;

    ExportCommand(PrintWriter stdout) {
        this.stdout = stdout;
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        CommandLine line = new CommandLine(new ExportCommand(out));
        line.setOut(out);
        line.setErr(err);
        line.setParameterExceptionHandler((invalid, ignored) -> {
            err.println("export: " + invalid.getMessage() + " (see --help)");
            return 2;
        });
        line.setExecutionExceptionHandler((failed, ignored, parsed) -> {
            err.println("export: " + failed.getMessage());
            return failed instanceof IllegalArgumentException ? 2 : 1;
        });
        System.exit(line.execute(args));
    }

    /** The benchmark text for a scenario of a profile. */
    public static String export(Scenario scenario, Profile profile, URI target, Integer threads, List<Agent> agents) {
        BenchmarkPlan plan = BenchmarkPlan.of(profile.preset(scenario), target, threads, agents);
        return BenchmarkYaml.render(plan, List.of(
                "The async-I/O workbench's " + scenario.cliName() + " scenario, profile " + profile.cliName()
                        + ", as a Hyperfoil benchmark (Hyperfoil 0.25).",
                scenario.summary() + ".",
                "Written by: ./workbench export hyperfoil --scenario " + scenario.cliName() + " --profile " + profile.cliName()
                        + " --target " + target + (agents.isEmpty() ? "" : " --agents ...")));
    }

    @Override
    public Integer call() throws IOException {
        if (!"hyperfoil".equals(format)) {
            throw new IllegalArgumentException("unknown format '" + format + "': only hyperfoil is written");
        }
        Scenario chosen = Scenario.byName(scenario)
                .orElseThrow(() -> new IllegalArgumentException("unknown scenario '" + scenario + "' (one of " + Scenario.names() + ")"));
        Profile chosenProfile = Profile.byName(profile)
                .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + profile + "' (quick, standard or study)"));
        List<Agent> agentList = agents == null ? List.of() : Agent.parseList(agents);
        String text = export(chosen, chosenProfile, target, threads, agentList);
        if (out == null) {
            stdout.print(text);
            stdout.flush();
        } else {
            Files.writeString(out, text, StandardCharsets.UTF_8);
            System.err.println("export: wrote " + out);
        }
        return 0;
    }

    static final class ScenarioNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(Scenario.values()).map(Scenario::cliName).iterator();
        }
    }
}
