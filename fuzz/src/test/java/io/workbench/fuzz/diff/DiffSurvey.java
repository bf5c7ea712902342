package io.workbench.fuzz.diff;

import io.workbench.fuzz.FuzzInput;
import io.workbench.fuzz.IocoreReader;
import io.workbench.fuzz.StreamOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Runs the differential over every file of some corpus directories (a campaign's grown corpus, a
 * seed corpus) and prints how many streams each kind of discrepancy met, explained or not, with an
 * example file of each: the survey behind the list of known differences.
 *
 * <p>Usage: {@code DiffSurvey DIR...}
 */
public final class DiffSurvey {

    private DiffSurvey() {
    }

    public static void main(String[] args) throws IOException {
        List<RequestStreamReader> peers = List.of(new JettyReader(), new NettyReader());
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, Path> examples = new TreeMap<>();
        int streams = 0;
        for (String dir : args) {
            List<Path> files;
            try (Stream<Path> list = Files.list(Path.of(dir))) {
                files = new ArrayList<>(list.filter(Files::isRegularFile).sorted().toList());
            }
            for (Path file : files) {
                streams++;
                byte[] stream = FuzzInput.decode(Files.readAllBytes(file)).stream();
                StreamOutcome iocore = IocoreReader.requests(stream).outcome();
                for (RequestStreamReader peer : peers) {
                    for (Discrepancy d : Differential.compare(stream, iocore, peer.name(), peer.read(stream))) {
                        String key = KnownDifferences.explain(d).map(k -> "known " + k.id() + " (" + d.peer() + ")")
                                .orElse("UNLISTED " + d.peer() + " " + d.kind() + ": " + signature(d.reason()));
                        counts.merge(key, 1, Integer::sum);
                        examples.putIfAbsent(key, file);
                    }
                }
            }
        }
        System.out.println(streams + " streams");
        counts.forEach((key, count) -> System.out.printf("%6d  %s   e.g. %s%n", count, key, examples.get(key)));
    }

    /** The reason without the parts that vary from stream to stream (numbers, quoted text, characters). */
    public static String signature(String reason) {
        // A whole list of fields that differ in length: its count, not its fields.
        String shorter = reason.replaceAll("^((fields|trailers): iocore has \\d+ where the peer has \\d+): .*", "$1");
        return shorter.replaceAll("'[^']*'", "'…'").replaceAll("0x[0-9A-F]{2}", "0x..").replaceAll("\\d+", "N");
    }
}
