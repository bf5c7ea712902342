package io.workbench.loadgen.report;

import io.workbench.loadgen.report.results.RunResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./workbench report RUN_DIR} writes a run's report.md and report.html again from its
 * results.json (after the report code changed, or for a run that was cut short);
 * {@code ./workbench report --compare RUN_A RUN_B} prints the study's figures of two runs side by
 * side with their ratios.
 */
@Command(name = "report", sortOptions = false, usageHelpWidth = 100,
        description = {"Writes a run's report.md and report.html again from its results.json,",
                "or (--compare) prints two runs' figures side by side with the ratios B/A."})
public final class ReportCommand implements Callable<Integer> {

    @Option(names = "--compare", description = "compare two runs: RUN_A RUN_B")
    private boolean compare;

    @Parameters(paramLabel = "RUN_DIR", arity = "1..2", description = "a directory `./workbench run` wrote (results/<timestamp>)")
    private List<Path> runs;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    private boolean help;

    private final PrintWriter out;

    ReportCommand(PrintWriter out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(commandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true)).execute(args));
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new ReportCommand(out));
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((invalid, args) -> {
            err.println("report: " + invalid.getMessage() + " (see --help)");
            return invalid.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        commandLine.setExecutionExceptionHandler((failed, line, parsed) -> {
            err.println("report: " + failed.getMessage());
            return 1;
        });
        return commandLine;
    }

    @Override
    public Integer call() throws IOException {
        if (compare) {
            if (runs.size() != 2) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--compare needs two run directories, got " + runs.size());
            }
            RunResults a = ResultsJson.readRun(runs.get(0));
            RunResults b = ResultsJson.readRun(runs.get(1));
            out.print(RunComparison.render(runs.get(0).toString(), a, runs.get(1).toString(), b));
            out.flush();
            return 0;
        }
        if (runs.size() != 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "give one run directory (or --compare RUN_A RUN_B)");
        }
        Path dir = runs.get(0);
        RunResults results = ResultsJson.readRun(dir);
        Path html = ReportWriter.write(Files.isDirectory(dir) ? dir : dir.getParent(), results);
        out.println("wrote " + html.resolveSibling(MarkdownReport.FILE_NAME) + " and " + html);
        out.flush();
        return 0;
    }
}
