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

/**
 * The same request stream parsed by iocore, by Jetty 12.1's {@code HttpParser} and by Netty 4.2's
 * {@code HttpRequestDecoder}: any way a peer parts from iocore (a request understood differently,
 * one accepted that the other refused, a different idea of where a request ends) fails, unless it
 * is a {@link KnownDifferences known difference} with its RFC clause. The input is read as
 * {@link FuzzInput} says, but only its stream counts: every parser reads it whole, then the end of
 * the input. The corpus is {@code src/test/resources/io/workbench/fuzz/DifferentialFuzzTestInputs/diff/}.
 */
class DifferentialFuzzTest {

    private static final List<RequestStreamReader> PEERS = List.of(new JettyReader(), new NettyReader());

    /**
     * With {@code -Dfuzz.diff.survey=true} (a campaign's {@code --survey}) an unlisted difference is
     * tallied by kind and reason instead of failing the test, so that one run shows them all: how
     * the list of known differences was drawn up.
     */
    private static final boolean SURVEY = Boolean.getBoolean("fuzz.diff.survey");

    @FuzzTest(maxDuration = "5m")
    @DictionaryFile(resourcePath = "http.dict")
    void diff(byte[] data) {
        Executions.count();
        byte[] stream = FuzzInput.decode(data).stream();
        List<Discrepancy> unexplained = unexplained(stream);
        if (SURVEY) {
            unexplained.forEach(d -> Tally.add("UNLISTED " + d.peer() + " " + d.kind() + ": " + DiffSurvey.signature(d.reason())));
            return;
        }
        Check.that(unexplained.isEmpty(), () -> "unlisted differences on '" + Printable.of(new String(stream, java.nio.charset.StandardCharsets.ISO_8859_1), 600)
                + "':\n" + String.join("\n", unexplained.stream().map(d -> d + "\n" + d.detail()).toList()));
    }

    /** @return the discrepancies no known difference explains (the explained ones are tallied by id) */
    static List<Discrepancy> unexplained(byte[] stream) {
        StreamOutcome iocore = IocoreReader.requests(stream).outcome();
        List<Discrepancy> unexplained = new ArrayList<>();
        for (RequestStreamReader peer : PEERS) {
            for (Discrepancy discrepancy : Differential.compare(iocore, peer.name(), peer.read(stream))) {
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
