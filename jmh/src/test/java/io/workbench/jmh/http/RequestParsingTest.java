package io.workbench.jmh.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.workbench.jmh.http.RequestParsing.Parser;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Both parsers must do the same work on the same bytes, or the benchmark compares nothing. */
class RequestParsingTest {

    @ParameterizedTest
    @EnumSource(SampleRequest.class)
    void bothParsersReadTheSameFromEveryRequestKeptAliveAndPipelined(SampleRequest request) {
        for (boolean distinct : new boolean[] {false, true}) {
            long[] perParser = new long[Parser.values().length];
            for (Parser parser : Parser.values()) {
                RequestParsing parsing = parser.create();
                long keptAlive = 0;
                // Twice round, so that the second pass runs on reset parsers.
                for (int round = 0; round < 2; round++) {
                    for (ByteBuffer buffer : request.keepAliveBuffers(distinct)) {
                        keptAlive += parsing.parseAll(buffer);
                        assertFalse(buffer.hasRemaining(), parser + " left bytes of " + request);
                    }
                }
                ByteBuffer pipeline = request.pipelinedBuffer(distinct);
                long pipelined = parsing.parseAll(pipeline);
                assertFalse(pipeline.hasRemaining(), parser + " left bytes of the pipeline");
                assertEquals(keptAlive, 2 * pipelined, parser + ": the pipeline holds the same requests");
                perParser[parser.ordinal()] = pipelined;
            }
            assertEquals(perParser[0], perParser[1], request + " distinct=" + distinct + ": " + Arrays.toString(perParser));
        }
    }

    @ParameterizedTest
    @EnumSource(SampleRequest.class)
    void distinctTargetsDifferAndSameTargetsDoNot(SampleRequest request) {
        Set<String> distinct = new HashSet<>();
        Set<String> same = new HashSet<>();
        for (int i = 0; i < SampleRequest.TARGETS; i++) {
            distinct.add(new String(request.bytes(i, true), java.nio.charset.StandardCharsets.ISO_8859_1));
            same.add(new String(request.bytes(i, false), java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        assertEquals(SampleRequest.TARGETS, distinct.size());
        assertEquals(1, same.size());
        assertNotEquals(0, Parser.IOCORE.create().parseAll(ByteBuffer.wrap(request.bytes(0, false))));
    }
}
