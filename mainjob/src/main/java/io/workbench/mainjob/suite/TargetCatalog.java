package io.workbench.mainjob.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cells the target command offers, read from the command itself so the suite never keeps a
 * second copy of the matrix: its {@code --list} (a server a line, then each strategy it
 * {@code runs} or {@code REFUSED}), or, from a target command without {@code --list}, the servers
 * and strategies its {@code --help} lists.
 */
public final class TargetCatalog {

    /** {@code  jetty-handler   sync, virtual, async-complete} under the "Servers" heading. */
    private static final Pattern SERVER_LINE = Pattern.compile("^ {2}([a-z0-9][a-z0-9-]*) +([a-z0-9-]+(?:, [a-z0-9-]+)*)\\s*$");

    private TargetCatalog() {
    }

    /** {@code --list}: {@code jetty: Jetty 12 ...} then {@code   sync            runs     ...}. */
    private static final Pattern LIST_SERVER = Pattern.compile("^([a-z0-9][a-z0-9-]*): .*$");
    private static final Pattern LIST_CELL = Pattern.compile("^ {2}([a-z0-9][a-z0-9-]*) +runs\\b.*$");

    /** Every cell, server by server, in the order the target command lists them. */
    public static List<TargetId> all(JvmLaunch launch) throws IOException {
        Ran list = run(launch, "--list");
        List<TargetId> cells = list.exit() == 0 ? parseList(list.output()) : List.of();
        if (cells.isEmpty()) {
            Ran help = run(launch, "--help");
            if (help.exit() != 0) {
                throw new IOException("the target command's --help failed: " + help.output().strip());
            }
            cells = parse(help.output());
            if (cells.isEmpty()) {
                throw new IOException("the target command lists no servers:\n" + help.output());
            }
        }
        return cells;
    }

    private record Ran(int exit, String output) {
    }

    private static Ran run(JvmLaunch launch, String option) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(launch.java());
        command.addAll(List.of("-cp", launch.targetClasspath(), JvmLaunch.TARGET_MAIN, option));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("the target command's " + option + " did not end within 60 s");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while listing the targets");
        }
        return new Ran(process.exitValue(), output);
    }

    static List<TargetId> parseList(String list) {
        List<TargetId> cells = new ArrayList<>();
        String server = null;
        for (String line : list.split("\n")) {
            Matcher serverLine = LIST_SERVER.matcher(line);
            if (serverLine.matches()) {
                server = serverLine.group(1);
                continue;
            }
            Matcher cell = LIST_CELL.matcher(line);
            if (server != null && cell.matches()) {
                cells.add(new TargetId(server, cell.group(1)));
            }
        }
        return cells;
    }

    static List<TargetId> parse(String help) {
        List<TargetId> cells = new ArrayList<>();
        boolean inServers = false;
        for (String line : help.split("\n")) {
            if (line.startsWith("Servers")) {
                inServers = true;
                continue;
            }
            if (inServers && !line.isBlank() && !line.startsWith(" ")) {
                break; // the next heading
            }
            Matcher matcher = SERVER_LINE.matcher(line);
            if (inServers && matcher.matches()) {
                for (String strategy : matcher.group(2).split(", ")) {
                    cells.add(new TargetId(matcher.group(1), strategy.trim()));
                }
            }
        }
        return cells;
    }
}
