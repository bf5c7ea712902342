package io.workbench.loadgen.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.run.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.HdrHistogram.Histogram;

/**
 * Writes a run's files into its output directory: {@code summary.json} (through Jackson) and the
 * three percentile distributions ({@code .hgrm}, in milliseconds, as HdrHistogram's plotter reads
 * them). The interval log ({@code latency.hlog}) is written during the run by the reporter.
 */
public final class RunFiles {

    public static final String SUMMARY = "summary.json";
    public static final String HLOG = "latency.hlog";
    public static final String INTENDED_TO_END_HGRM = "intended-to-end.hgrm";
    public static final String SEND_TO_END_HGRM = "send-to-end.hgrm";
    public static final String INTENDED_TO_SEND_HGRM = "intended-to-send.hgrm";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunFiles() {
    }

    /** Writes summary.json and the .hgrm files; summary.json last and atomically, so a reader never sees half of it. */
    public static Path write(RunResult result) throws IOException {
        Path out = result.plan().out();
        Files.createDirectories(out);
        writeHgrm(out.resolve(INTENDED_TO_END_HGRM), result.intendedToEnd());
        writeHgrm(out.resolve(SEND_TO_END_HGRM), result.sendToEnd());
        writeHgrm(out.resolve(INTENDED_TO_SEND_HGRM), result.intendedToSend());
        return writeSummary(out, summary(result));
    }

    /**
     * Writes {@code summary} as {@code dir/summary.json}, atomically (a reader never sees half of
     * it); every writer of a run's directory, whatever engine measured the run, ends with this.
     *
     * @return the file written
     */
    public static Path writeSummary(Path dir, ObjectNode summary) throws IOException {
        Path file = dir.resolve(SUMMARY);
        Path partial = dir.resolve(SUMMARY + ".partial");
        JSON.writeValue(partial.toFile(), summary);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    /** Writes a latency histogram (recorded in microseconds) as an HdrHistogram percentile file in milliseconds. */
    public static void writeHgrm(Path file, Histogram histogram) throws IOException {
        try (PrintStream print = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            // Microseconds recorded, milliseconds printed.
            histogram.outputPercentileDistribution(print, 5, 1000.0);
        }
    }

    /** @return summary.json's tree */
    public static ObjectNode summary(RunResult result) {
        LoadPlan plan = result.plan();
        ObjectNode root = JSON.createObjectNode();
        root.put("label", plan.label());
        root.put("command", plan.command());
        root.put("url", plan.url().url());
        root.put("model", plan.model().label());
        root.put("arrivals", plan.arrivals() != null && plan.model() == Model.OPEN ? plan.arrivals().label() : null);
        root.put("seed", plan.seed());
        if (plan.model() == Model.OPEN) {
            root.put("targetRate", plan.rate());
        } else {
            root.putNull("targetRate");
        }
        putNullable(root, "scheduledRate", result.scheduledRate());
        putNullable(root, "achievedRate", result.achievedRate());
        root.put("startEpochMillis", result.clock().toEpochMillis(result.clock().measuredStartNanos()));
        root.put("endEpochMillis", result.endEpochMillis());
        root.put("durationSeconds", result.durationSeconds());
        root.put("warmupSeconds", plan.warmupNanos() / 1e9);
        if (plan.model() == Model.CLOSED) {
            root.put("concurrency", plan.concurrency());
        }
        if (plan.model() == Model.ALL_AT_ONCE) {
            root.put("allAtOnce", plan.allAtOnce());
        }
        root.put("pipeline", plan.pipeline());
        root.put("timeoutMs", plan.timeoutNanos() / 1e6);
        root.put("interrupted", result.interrupted());
        root.put("failure", result.failure());

        ObjectNode requests = root.putObject("requests");
        counts(requests, result.scheduled(), result.measured());
        ObjectNode warmup = root.putObject("warmup");
        counts(warmup, result.warmupScheduled(), result.warmup());

        ObjectNode blocked = root.putObject("blocked");
        blocked.put("count", result.blockedCount());
        blocked.put("maxMs", result.blockedMaxNanos() / 1e6);
        blocked.put("totalMs", result.blockedTotalNanos() / 1e6);

        ObjectNode connections = root.putObject("connections");
        connections.put("opened", result.connectionsOpened());
        connections.put("maxOpen", result.connectionsMaxOpen());
        connections.put("maxAllowed", plan.maxConnections());
        connections.put("reuse", plan.idleOrder().label());
        connections.put("preconnect", plan.preconnect());
        connections.put("descriptorLimit", result.descriptors().limit());
        connections.put("descriptorsOpenAtStart", result.descriptors().openAtStart());
        connections.put("descriptorLimitReached", result.descriptorLimitReached() != null);
        connections.put("descriptorLimitMessage", result.descriptorLimitReached());
        connections.put("connectFailures", result.connectFailures());
        ArrayNode sources = connections.putArray("sourceAddresses");
        plan.sourceAddresses().forEach(sources::add);
        ArrayNode perSource = connections.putArray("openedPerSourceAddress");
        result.openedPerSource().forEach(perSource::add);

        ObjectNode generator = root.putObject("generator");
        generator.put("cpuSeconds", result.cpuSeconds());
        generator.put("wallSeconds", result.wallSeconds());
        generator.put("cpuPercentOfOneCore", result.wallSeconds() > 0 ? 100 * result.cpuSeconds() / result.wallSeconds() : 0);
        generator.put("parkLatenessMicros", result.parkLatenessNanos() / 1e3);
        generator.put("spinMicros", plan.spinNanos() / 1e3);
        generator.put("selectors", plan.selectors());
        generator.put("primeRequests", result.primeRequests());

        ObjectNode latency = root.putObject("latency");
        latency(latency.putObject("intendedToEnd"), result.intendedToEnd());
        latency(latency.putObject("sendToEnd"), result.sendToEnd());
        latency(latency.putObject("intendedToSend"), result.intendedToSend());

        ObjectNode validity = root.putObject("validity");
        validity.put("valid", result.valid());
        ArrayNode reasons = validity.putArray("reasons");
        result.validReasons().forEach(reasons::add);
        validity.put("lagP99LimitMs", plan.lagLimitNanos() / 1e6);
        validity.put("minRateFraction", plan.minRateFraction());
        validity.put("accountingHolds", result.accountingHolds());

        ObjectNode files = root.putObject("files");
        files.put("hlog", HLOG);
        ObjectNode hgrm = files.putObject("hgrm");
        hgrm.put("intendedToEnd", INTENDED_TO_END_HGRM);
        hgrm.put("sendToEnd", SEND_TO_END_HGRM);
        hgrm.put("intendedToSend", INTENDED_TO_SEND_HGRM);
        return root;
    }

    /** Puts {@code value}, or a JSON null when there is none. */
    public static void putNullable(ObjectNode node, String field, Double value) {
        if (value == null) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static void counts(ObjectNode node, long scheduled, RequestCounters counters) {
        node.put("scheduled", scheduled);
        node.put("sent", counters.sentCount());
        node.put("ok", counters.okCount());
        node.put("errors", counters.errorCount());
        node.put("timedOut", counters.timedOutCount());
        ObjectNode byKind = node.putObject("errorsByKind");
        for (ErrorKind kind : ErrorKind.values()) {
            byKind.put(kind.key(), counters.errorCount(kind));
        }
    }

    /** Puts a latency histogram's summary.json figures (count, mean, max, percentiles, in ms) into {@code node}. */
    public static void latency(ObjectNode node, Histogram micros) {
        boolean empty = micros.getTotalCount() == 0;
        node.put("count", micros.getTotalCount());
        node.put("meanMs", empty ? 0 : micros.getMean() / 1000.0);
        node.put("maxMs", empty ? 0 : micros.getMaxValue() / 1000.0);
        node.put("p50Ms", percentile(micros, 50));
        node.put("p90Ms", percentile(micros, 90));
        node.put("p99Ms", percentile(micros, 99));
        node.put("p999Ms", percentile(micros, 99.9));
        node.put("p9999Ms", percentile(micros, 99.99));
    }

    private static double percentile(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(percentile) / 1000.0;
    }
}
