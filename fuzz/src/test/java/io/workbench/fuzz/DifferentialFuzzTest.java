package io.workbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.workbench.fuzz.diff.Discrepancy;
import io.workbench.fuzz.diff.JettyReader;
import io.workbench.fuzz.diff.KnownDifference;
import io.workbench.fuzz.diff.KnownDifferences;
import io.workbench.fuzz.diff.NettyReader;
import io.workbench.fuzz.diff.RequestStreamReader;
import io.workbench.fuzz.diff.DiffSurvey;
import io.workbench.fuzz.diff.Differential;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The same request stream parsed by iocore, by Jetty 12.1's {@code HttpParser} and by Netty 4.2's
 * {@code HttpRequestDecoder}: any way a peer parts from iocore (a request understood differently,
 * one accepted that the other refused, a different idea of where a request ends) fails, unless it
 * is a {@link KnownDifferences known difference} with its RFC clause. The input is read as
 * {@link FuzzInput} says, but only its stream counts: every parser reads it whole, then the end of
 * the input. The corpus is {@code src/test/resources/io/workbench/fuzz/DifferentialFuzzTestInputs/diff/}.
 */
@ExtendWith(FuzzingBudget.class)
class DifferentialFuzzTest {

    private static final List<RequestStreamReader> PEERS = List.of(new JettyReader(), new NettyReader());

    /**
     * With {@code -Dfuzz.diff.survey=DIR} (a campaign's {@code --survey}) an unlisted difference is
     * tallied by peer, kind and reason instead of failing the test, and the first stream of each
     * such signature is written to DIR with both outcomes, so that one run shows them all: how the
     * list of known differences was drawn up.
     */
    private static final String SURVEY = System.getProperty("fuzz.diff.survey", "");
    private static final java.util.Set<String> SURVEYED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @FuzzTest(maxDuration = "5m")
    @DictionaryFile(resourcePath = "http.dict")
    void diff(byte[] data) {
        Executions.count();
        byte[] stream = FuzzInput.decode(data).stream();
        List<Discrepancy> unexplained = unexplained(stream);
        if (!SURVEY.isEmpty()) {
            for (Discrepancy d : unexplained) {
                String signature = "UNLISTED " + d.peer() + " " + d.kind() + ": " + DiffSurvey.signature(d.reason());
                Tally.add(signature);
                if (SURVEYED.add(signature)) {
                    example(signature, stream, d);
                }
            }
            return;
        }
        Check.that(unexplained.isEmpty(), () -> "unlisted differences on '" + Printable.of(new String(stream, java.nio.charset.StandardCharsets.ISO_8859_1), 600)
                + "':\n" + String.join("\n", unexplained.stream().map(d -> d + "\n" + d.detail()).toList()));
    }

    private static void example(String signature, byte[] stream, Discrepancy d) {
        try {
            java.nio.file.Path dir = java.nio.file.Files.createDirectories(java.nio.file.Path.of(SURVEY));
            String name = String.format("%08x.txt", signature.hashCode());
            java.nio.file.Files.writeString(dir.resolve(name), signature + "\n\n" + Printable.of(new String(stream, java.nio.charset.StandardCharsets.ISO_8859_1))
                    + "\n\n" + d.detail() + "\n");
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    /** @return the discrepancies no known difference explains (the explained ones are tallied by id) */
    static List<Discrepancy> unexplained(byte[] stream) {
        StreamOutcome iocore = IocoreReader.requests(stream).outcome();
        List<Discrepancy> unexplained = new ArrayList<>();
        for (RequestStreamReader peer : PEERS) {
            for (Discrepancy discrepancy : Differential.compare(stream, iocore, peer.name(), peer.read(stream))) {
                KnownDifference known = KnownDifferences.explain(discrepancy).orElse(null);
                if (known == null) {
                    unexplained.add(discrepancy);
                } else {
                    Tally.add("known " + known.id() + " (" + discrepancy.peer() + ")");
                }
            }
        }
        return unexplained;
    }
}
