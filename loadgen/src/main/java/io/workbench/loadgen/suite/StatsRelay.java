package io.workbench.loadgen.suite;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The far end of {@link RelayStatsTransport}: a small JVM started with {@code ip netns exec} in
 * the generator's namespace, where the target's address is reachable. It reads one path a line on
 * stdin, GETs it from the target and writes one line on stdout: {@code ANSWER <status> <body in
 * base64>} (base64 so a body never breaks the line framing) or {@code NONE} when the target did
 * not answer. It ends when stdin closes, so it never outlives the runner that started it.
 */
public final class StatsRelay {

    static final String ANSWER = "ANSWER ";
    static final String NONE = "NONE";

    private StatsRelay() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: StatsRelay http://HOST:PORT");
            System.exit(2);
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        try (HttpStatsTransport http = new HttpStatsTransport(args[0]);
             BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String path;
            while ((path = in.readLine()) != null) {
                out.println(encode(path.startsWith("/") ? http.get(path) : Optional.empty()));
            }
        }
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
