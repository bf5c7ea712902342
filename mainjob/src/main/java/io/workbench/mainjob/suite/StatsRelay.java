package io.workbench.mainjob.suite;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The far end of {@link RelayStatsTransport}: a small JVM started with {@code ip netns exec} in
 * the generator's namespace, where the target's address is reachable. It reads one path a line on
 * stdin, GETs it from the target and writes one line on stdout: {@code ANSWER <status> <body in
 * base64>} (base64 so a body never breaks the line framing) or {@code NONE} when the target did
 * not answer. It ends when stdin closes, so it never outlives the runner that started it.
 */
@Command(name = "StatsRelay", usageHelpWidth = 100,
        description = "Reads one path a line on stdin, GETs it from the target, answers one line on stdout; ends when stdin closes.")
public final class StatsRelay implements Callable<Integer> {

    static final String ANSWER = "ANSWER ";
    static final String NONE = "NONE";

    @Parameters(index = "0", paramLabel = "URL", description = "the target, http://HOST:PORT")
    private String target;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    private boolean help;

    private StatsRelay() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Parses the command line (picocli) and relays until stdin closes; the exit status: 0, or 2 for a wrong command line. */
    static int run(String[] args) {
        CommandLine line = new CommandLine(new StatsRelay());
        line.setParameterExceptionHandler((invalid, ignored) -> {
            System.err.println("StatsRelay: " + invalid.getMessage() + " (usage: StatsRelay http://HOST:PORT)");
            return 2;
        });
        return line.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        try (HttpStatsTransport http = new HttpStatsTransport(target);
             BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String path;
            while ((path = in.readLine()) != null) {
                out.println(encode(path.startsWith("/") ? http.get(path) : Optional.empty()));
            }
        }
        return 0;
    }

    static String encode(Optional<StatsTransport.Answer> answer) {
        return answer.map(got -> ANSWER + got.status() + " "
                + Base64.getEncoder().encodeToString(got.body().getBytes(StandardCharsets.UTF_8))).orElse(NONE);
    }

    static Optional<StatsTransport.Answer> decode(String line) {
        if (line == null || !line.startsWith(ANSWER)) {
            return Optional.empty();
        }
        String[] parts = line.substring(ANSWER.length()).split(" ", 2);
        try {
            String body = parts.length > 1 ? new String(Base64.getDecoder().decode(parts[1].strip()), StandardCharsets.UTF_8) : "";
            return Optional.of(new StatsTransport.Answer(Integer.parseInt(parts[0]), body));
        } catch (IllegalArgumentException garbled) {
            return Optional.empty();
        }
    }
}
