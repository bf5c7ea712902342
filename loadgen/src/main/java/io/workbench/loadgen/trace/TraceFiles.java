package io.workbench.loadgen.trace;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.record.ErrorKind;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A traced run's files, beside its summary: both sides' records as they were taken, the joined
 * parts request by request, and the {@code trace} member of {@code summary.json}.
 *
 * <ul>
 *   <li>{@value #GENERATOR}: the generator's records, one per request it traced (warm-up included):
 *       {@code id,intended_ns,tried_ns,sent_ns,end_ns,measured,outcome,error_kind,retried}, times
 *       from {@link System#nanoTime()} (sent is 0 for a request never handed to a socket whole)</li>
 *   <li>{@value #TARGET}: the target's {@code /trace} body, as served</li>
 *   <li>{@value #JOINED}: one row per generator record: {@code id,measured,outcome,retried,target},
 *       then {@code intended_to_end_us}, the seven parts and {@code server_write_as_it_saw_us} (the
 *       server's own account of its write, not a part) in microseconds (three decimals: exact
 *       nanoseconds). {@code target} is {@code joined} (the parts are filled), {@code missing} (the
 *       target has no record of it), {@code incomplete} (its record misses a stamp), or {@code -} for a
 *       request without a response, whose parts are left empty</li>
 * </ul>
 */
public final class TraceFiles {

    public static final String GENERATOR = "trace-generator.csv";
    public static final String TARGET = "trace-target.csv";
    public static final String JOINED = "trace.csv";
    /** The generator's file's format. */
    public static final int GENERATOR_FORMAT = 1;

    private TraceFiles() {
    }

    /** Writes the generator's records; the target's and the joined ones too if {@code joined} is not null. */
    public static void write(Path dir, List<LoopTrace> generator, JoinedTrace joined) throws IOException {
        writeGenerator(dir.resolve(GENERATOR), generator);
        if (joined != null) {
            Files.write(dir.resolve(TARGET), joined.target().raw());
            writeJoined(dir.resolve(JOINED), joined);
        }
    }

    private static void writeGenerator(Path file, List<LoopTrace> generator) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            out.write("# workbench-generator-trace " + GENERATOR_FORMAT + "\n");
            out.write("# loops " + generator.size() + "\n");
            out.write("id,intended_ns,tried_ns,sent_ns,end_ns,measured,outcome,error_kind,retried\n");
            StringBuilder line = new StringBuilder(128);
            for (LoopTrace loop : generator) {
                for (long i = 0; i < loop.count(); i++) {
                    long flags = loop.get(i, 5);
                    ErrorKind kind = LoopTrace.kind(flags);
                    line.setLength(0);
                    for (int field = 0; field < 5; field++) {
                        line.append(loop.get(i, field)).append(',');
                    }
                    line.append(LoopTrace.measured(flags)).append(',').append(LoopTrace.outcome(flags).key()).append(',')
                            .append(kind == null ? "" : kind.key()).append(',').append(LoopTrace.retried(flags)).append('\n');
                    out.append(line);
                }
            }
        }
    }

    private static void writeJoined(Path file, JoinedTrace joined) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder(256).append("id,measured,outcome,retried,target,intended_to_end_us");
            for (TracePart part : TracePart.values()) {
                line.append(',').append(part.column());
            }
            line.append(",server_write_as_it_saw_us");
            out.append(line).append('\n');
            TargetTrace target = joined.target();
            long[] stamps = null;
            int at = 0;
            for (LoopTrace loop : joined.generator()) {
                for (long i = 0; i < loop.count(); i++, at++) {
                    long flags = loop.get(i, 5);
                    LoopTrace.Outcome outcome = LoopTrace.outcome(flags);
                    int index = joined.targetIndex()[at];
                    line.setLength(0);
                    line.append(loop.get(i, 0)).append(',').append(LoopTrace.measured(flags)).append(',').append(outcome.key()).append(',')
                            .append(LoopTrace.retried(flags)).append(',');
                    boolean whole = false;
                    if (!outcome.responded()) {
                        line.append('-');
                    } else if (index < 0) {
                        line.append("missing");
                    } else {
                        stamps = TraceJoin.stamps(loop, i, target, index);
                        whole = TraceJoin.whole(stamps, target, index);
                        line.append(whole ? "joined" : "incomplete");
                    }
                    line.append(',');
                    long intended = loop.get(i, 1);
                    long end = loop.get(i, 4);
                    if (end != 0) {
                        micros(line, end - intended);
                    }
                    for (TracePart part : TracePart.values()) {
                        line.append(',');
                        if (whole) {
                            micros(line, part.of(stamps));
                        }
                    }
                    line.append(',');
                    if (whole) {
                        micros(line, TracePart.serverWriteAsItSaw(stamps));
                    }
                    out.append(line).append('\n');
                }
            }
        }
    }

    /** Nanoseconds as microseconds with three decimals, exactly (no rounding: 1234567 is 1234.567). */
    static void micros(StringBuilder out, long nanos) {
        if (nanos < 0) {
            out.append('-');
        }
        long abs = Math.abs(nanos);
        long fraction = abs % 1000;
        out.append(abs / 1000).append('.');
        if (fraction < 100) {
            out.append('0');
        }
        if (fraction < 10) {
            out.append('0');
        }
        out.append(fraction);
    }

    /** The {@code trace} member of summary.json, for a run whose target's trace was joined. */
    public static ObjectNode summary(TraceBreakdown breakdown) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("format", TargetTrace.FORMAT_VERSION);
        node.put("cell", breakdown.cell());
        node.put("firstRead", breakdown.firstRead());
        node.put("measuredResponses", breakdown.measuredResponses());
        node.put("joined", breakdown.joined());
        ObjectNode unmatched = node.putObject("unmatched");
        unmatched.put("generator", breakdown.unmatchedGenerator());
        unmatched.put("target", breakdown.unmatchedTarget());
        node.put("incomplete", breakdown.incomplete());
        node.put("droppedByTarget", breakdown.droppedByTarget());
        node.put("retried", breakdown.retried());
        node.put("censored", breakdown.censored());
        node.put("timedOut", breakdown.timedOut());
        figures(node.putObject("intendedToEnd"), breakdown.intendedToEnd());
        ObjectNode parts = node.putObject("parts");
        for (Map.Entry<TracePart, TraceBreakdown.Figures> part : breakdown.parts().entrySet()) {
            ObjectNode each = parts.putObject(part.getKey().key());
            each.put("span", part.getKey().span());
            figures(each, part.getValue());
        }
        ObjectNode asItSaw = node.putObject("serverWriteAsItSaw");
        asItSaw.put("span", "last write issued -> the server's word that it completed (not a part)");
        figures(asItSaw, breakdown.serverWriteAsItSaw());
        node.put("sumOfPartMediansMs", breakdown.sumOfPartMediansMs());
        node.put("negativeRequests", breakdown.negativeRequests());
        ObjectNode clock = node.putObject("clock");
        if (breakdown.clock().shared() == null) {
            clock.putNull("shared");
        } else {
            clock.put("shared", breakdown.clock().shared());
        }
        clock.put("reason", breakdown.clock().reason());
        ArrayNode worst = node.putArray("worst");
        for (TraceBreakdown.Request request : breakdown.worst()) {
            ObjectNode each = worst.addObject();
            each.put("id", request.id());
            each.put("retried", request.retried());
            each.put("intendedToEndMs", request.intendedToEndMs());
            ObjectNode partsMs = each.putObject("partsMs");
            request.partsMs().forEach((part, ms) -> partsMs.put(part.key(), ms));
        }
        files(node, true);
        node.putNull("failure");
        return node;
    }

    /** The {@code trace} member of summary.json for a run whose target's trace could not be had: why, and the generator's file. */
    public static ObjectNode failure(String why) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        files(node, false);
        node.put("failure", why);
        return node;
    }

    private static void figures(ObjectNode node, TraceBreakdown.Figures figures) {
        node.put("p50Ms", figures.p50Ms());
        node.put("p99Ms", figures.p99Ms());
        node.put("meanMs", figures.meanMs());
        node.put("minMs", figures.minMs());
        node.put("maxMs", figures.maxMs());
        node.put("negative", figures.negative());
    }

    private static void files(ObjectNode node, boolean joined) {
        ObjectNode files = node.putObject("files");
        files.put("generator", GENERATOR);
        if (joined) {
            files.put("target", TARGET);
            files.put("joined", JOINED);
        } else {
            files.putNull("target");
            files.putNull("joined");
        }
    }
}
