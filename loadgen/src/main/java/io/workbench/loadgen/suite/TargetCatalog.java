package io.workbench.loadgen.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cells the target command offers, read from its own {@code --help} (the servers and the
 * strategies each offers, one server a line), so the suite never keeps a second copy of the matrix.
 */
public final class TargetCatalog {

    /** {@code  jetty-handler   sync, virtual, async-complete} under the "Servers" heading. */
    private static final Pattern SERVER_LINE = Pattern.compile("^ {2}([a-z0-9][a-z0-9-]*) +([a-z0-9-]+(?:, [a-z0-9-]+)*)\\s*$");

    private TargetCatalog() {
    }

    /** Every cell, server by server, in the order the target command lists them. */
    public static List<TargetId> all(JvmLaunch launch) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(launch.java());
        command.addAll(List.of("-cp", launch.targetClasspath(), JvmLaunch.TARGET_MAIN, "--help"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String help = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException("the target command's --help failed: " + help.strip());
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while listing the targets");
        }
        List<TargetId> cells = parse(help);
        if (cells.isEmpty()) {
            throw new IOException("the target command's --help lists no servers:\n" + help);
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
