package io.workbench.loadgen.summary;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads a load run's {@code summary.json} as {@link LoadSummary}, whichever engine wrote it, and
 * gives the one JSON mapper every reader of the workbench's files shares: unknown fields are
 * ignored and a field an older summary lacks keeps its default, so newer and older files read alike.
 */
public final class SummaryJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // A summary written before a field existed leaves it at its default instead of failing.
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private SummaryJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static LoadSummary readSummary(Path summaryFile) throws IOException {
        return MAPPER.readValue(summaryFile.toFile(), LoadSummary.class);
    }
}
