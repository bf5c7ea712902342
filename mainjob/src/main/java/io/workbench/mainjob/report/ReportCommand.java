package io.workbench.mainjob.report;

import io.workbench.loadgen.foreign.ForeignRun;
import io.workbench.loadgen.foreign.ForeignRunFiles;
import io.workbench.loadgen.foreign.HyperfoilControllerExport;
import io.workbench.loadgen.foreign.IntervalLogMerge;
import io.workbench.loadgen.foreign.RunTable;
import io.workbench.loadgen.output.RunFiles;
import io.workbench.mainjob.report.results.RunResults;
import java.util.ArrayList;
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
 * {@code ./workbench report --compare RUN_A RUN_B} prints each scenario's figure of two runs side by
 * side with B's difference from A, its 95% interval and the verdict; {@code --merge DIR...} merges several generators' runs of one load
 * into one run; {@code --import-hyperfoil FILE} reads a Hyperfoil controller's JSON export as a run.
 * The last two write a load run's files ({@code summary.json}, {@code .hgrm}, {@code latency.hlog})
 * and print the runs as rows of one table.
 */
@Command(name = "report", sortOptions = false, usageHelpWidth = 100,
        description = {"Writes a run's report.md and report.html again from its results.json,",
                "or (--compare) prints two runs' figures side by side with B's difference and its interval,",
                "or (--merge) merges several generators' load runs (their latency.hlog) into one run,",
                "or (--import-hyperfoil) reads a Hyperfoil controller's JSON export as a load run,",
                "or (--table) prints load runs of any engine as rows of one table."})
public final class ReportCommand implements Callable<Integer> {

    @Option(names = "--compare", description = "compare two runs: RUN_A RUN_B")
    private boolean compare;

    @Option(names = "--merge", description = "merge the load runs DIR... (each with summary.json and latency.hlog) "
            + "interval by interval into one run, written to --out")
    private boolean merge;

    @Option(names = "--table", description = "print the load runs RUN_DIR... (each with summary.json) as rows of one table, "
            + "whichever engine measured them")
    private boolean table;

    @Option(names = "--import-hyperfoil", paramLabel = "FILE", description = "a Hyperfoil controller's JSON export of a run "
            + "(GET /run/{id}/stats/all/json, or the CLI's export -f json), written as a load run to --out")
    private Path hyperfoilExport;

    @Option(names = "--phase", paramLabel = "NAME", description = "with --import-hyperfoil: the phase to read (default: every phase not marked warm-up)")
    private String phase;

    @Option(names = "--rate", paramLabel = "R", description = "with --import-hyperfoil: the rate the benchmark asked for (the export does not hold it)")
    private Double rate;

    @Option(names = "--out", paramLabel = "DIR", description = "with --merge or --import-hyperfoil: where the run's files go")
    private Path outDir;

    @Parameters(paramLabel = "RUN_DIR", arity = "0..*", description = "a directory `./workbench run` wrote (results/<timestamp>); "
            + "with --merge, load runs' directories")
    private List<Path> runs = new ArrayList<>();

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
        if (merge || hyperfoilExport != null) {
            return writeForeignRun();
        }
        if (table) {
            List<RunTable.Row> rows = new ArrayList<>();
            for (Path dir : runs) {
                rows.add(new RunTable.Row(dir.toString(), ResultsJson.readSummary(dir.resolve(RunFiles.SUMMARY))));
            }
            out.print(RunTable.render(rows));
            out.flush();
            return 0;
        }
        if (compare) {
            if (runs.size() != 2) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--compare needs two run directories, got " + runs.size());
            }
            RunResults a = ResultsJson.readRun(runs.get(0));
            RunResults b = ResultsJson.readRun(runs.get(1));
            out.print(RunComparison.render(runDir(runs.get(0)), a, runDir(runs.get(1)), b));
            out.flush();
            return 0;
        }
        if (runs.size() != 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "give one run directory (or --compare RUN_A RUN_B)");
        }
        Path dir = runs.get(0);
        RunResults results = ResultsJson.readRun(dir);
        Path html = ReportWriter.write(runDir(dir), results);
        out.println("wrote " + html.resolveSibling(MarkdownReport.FILE_NAME) + " and " + html);
        out.flush();
        return 0;
    }

    /** The run's directory, given it or its results.json. */
    private static Path runDir(Path dirOrFile) {
        return Files.isDirectory(dirOrFile) ? dirOrFile : dirOrFile.toAbsolutePath().getParent();
    }

    private Integer writeForeignRun() throws IOException {
        if (merge == (hyperfoilExport != null)) {
            throw new CommandLine.ParameterException(new CommandLine(this), "give either --merge DIR... or --import-hyperfoil FILE");
        }
        if (outDir == null) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--merge and --import-hyperfoil need --out DIR");
        }
        String command = "report " + (merge ? "--merge " + runs : "--import-hyperfoil " + hyperfoilExport) + " --out " + outDir;
        ForeignRun run;
        List<RunTable.Row> rows = new ArrayList<>();
        if (merge) {
            if (runs.size() < 2) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--merge needs two or more load run directories");
            }
            run = IntervalLogMerge.merge(runs, command);
            for (Path dir : runs) {
                rows.add(new RunTable.Row(dir.toString(), ResultsJson.readSummary(dir.resolve(RunFiles.SUMMARY))));
            }
        } else {
            run = HyperfoilControllerExport.read(hyperfoilExport, phase, rate, command);
        }
        Path summary = ForeignRunFiles.write(outDir, run);
        rows.add(new RunTable.Row(outDir.toString(), ResultsJson.readSummary(summary)));
        out.print(RunTable.render(rows));
        out.println("SUMMARY " + summary);
        out.flush();
        return 0;
    }
}
