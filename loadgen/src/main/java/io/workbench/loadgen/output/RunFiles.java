package io.workbench.loadgen.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.LatencyRecorders;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.run.ConnectionFacts;
import io.workbench.loadgen.run.GeneratorCost;
import io.workbench.loadgen.run.PhaseCounts;
import io.workbench.loadgen.run.RunRates;
import io.workbench.loadgen.run.RunResult;
import io.workbench.loadgen.verdict.Evidence;
import io.workbench.loadgen.verdict.Lateness;
import io.workbench.loadgen.verdict.TargetPace;
import io.workbench.loadgen.verdict.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.HdrHistogram.Histogram;

/**
 * Writes a run's files into its output directory: {@code summary.json} (through Jackson) and a
 * percentile distribution per latency kind ({@code .hgrm}, in milliseconds, as HdrHistogram's
 * plotter reads them). The interval log ({@code latency.hlog}) is written during the run by the
 * reporter.
 */
public final class RunFiles {

    public static final String SUMMARY = "summary.json";
    public static final String HLOG = "latency.hlog";
    public static final String INTENDED_TO_END_HGRM = hgrm(LatencyRecorders.Kind.INTENDED_TO_END);
    public static final String SEND_TO_END_HGRM = hgrm(LatencyRecorders.Kind.SEND_TO_END);
    public static final String LATENESS_HGRM = hgrm(LatencyRecorders.Kind.LATENESS);
    /** The percentile file of intended->send, which runs written before the lateness was kept apart have (read, never written). */
    public static final String INTENDED_TO_SEND_HGRM = "intended-to-send.hgrm";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunFiles() {
    }

    /** Writes summary.json and the .hgrm files; summary.json last and atomically, so a reader never sees half of it. */
    public static Path write(RunResult result) throws IOException {
        return write(result, null);
    }

    /**
     * As {@link #write(RunResult)}, with {@code trace} as the summary's {@code trace} member (a traced
     * run's breakdown, {@link io.workbench.loadgen.trace.TraceFiles#summary}), or none if null.
     */
    public static Path write(RunResult result, ObjectNode trace) throws IOException {
        Path out = result.plan().out();
        Files.createDirectories(out);
        for (LatencyRecorders.Kind kind : LatencyRecorders.Kind.values()) {
            writeHgrm(out.resolve(hgrm(kind)), result.latencies().of(kind));
        }
        ObjectNode summary = summary(result);
        if (trace != null) {
            summary.set("trace", trace);
        }
        return writeSummary(out, summary);
    }

    /** @return the name of the percentile file of {@code kind}: {@code intended-to-end.hgrm}... */
    public static String hgrm(LatencyRecorders.Kind kind) {
        return kind.tag() + ".hgrm";
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
        root.put("latencyFloorMs", plan.latencyFloorNanos() / 1e6);
        if (plan.model() == Model.OPEN) {
            root.put("targetRate", plan.rate());
        } else {
            root.putNull("targetRate");
        }
        RunRates rates = result.rates();
        putNullable(root, "scheduledRate", rates.scheduledRate());
        putNullable(root, "dispatchedRate", rates.dispatchedRate());
        putNullable(root, "achievedRate", rates.achievedRate());
        putNullable(root, "sendSpreadMs", rates.sendSpreadMs());
        root.put("startEpochMillis", result.clock().toEpochMillis(result.clock().measuredStartNanos()));
        root.put("endEpochMillis", result.timing().endEpochMillis());
        root.put("durationSeconds", result.timing().durationSeconds());
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

        counts(root.putObject("requests"), result.measured());
        counts(root.putObject("warmup"), result.warmup());

        ConnectionFacts facts = result.connections();
        // Measured requests that waited for a connection while the cap refused a connect (their wait is in connectionWait).
        root.putObject("blocked").put("count", result.measured().counters().queuedAtCapCount());

        ObjectNode connections = root.putObject("connections");
        connections.put("opened", facts.opened());
        connections.put("maxOpen", facts.maxOpen());
        connections.put("maxAllowed", plan.maxConnections());
        connections.put("reuse", plan.idleOrder().label());
        connections.put("preconnect", plan.preconnect());
        connections.put("descriptorLimit", facts.descriptors().limit());
        connections.put("descriptorsOpenAtStart", facts.descriptors().openAtStart());
        connections.put("descriptorLimitReached", facts.descriptorLimitReached() != null);
        connections.put("descriptorLimitMessage", facts.descriptorLimitReached());
        connections.put("connectFailures", facts.connectFailures());
        ArrayNode sources = connections.putArray("sourceAddresses");
        plan.sourceAddresses().forEach(sources::add);
        ArrayNode perSource = connections.putArray("openedPerSourceAddress");
        facts.openedPerSource().forEach(perSource::add);

        GeneratorCost cost = result.cost();
        ObjectNode generator = root.putObject("generator");
        generator.put("threads", cost.threads());
        generator.put("pacing", cost.pacing());
        generator.put("readBufferBytes", plan.readBufferBytes());
        generator.put("cpuSeconds", cost.cpuSeconds());
        generator.put("wallSeconds", cost.wallSeconds());
        generator.put("cpuPercentOfOneCore", cost.cpuPercentOfOneCore());
        generator.put("measuredCpuSeconds", cost.measuredCpuSeconds());
        generator.put("measuredWallSeconds", cost.measuredWallSeconds());
        putNullable(generator, "loopBusyShare", cost.loopBusyShare());
        putNullable(generator, "loopSpinShare", cost.loopSpinShare());
        putNullable(generator, "loopCpuShare", cost.loopCpuShare());
        ObjectNode priming = generator.putObject("priming");
        priming.put("requests", cost.priming().requests());
        priming.put("answered", cost.priming().answered());
        priming.put("seconds", cost.priming().seconds());
        priming.put("stopped", cost.priming().stopped());
        priming.put("openStage", cost.priming().openStage());
        priming.put("compilerWaitSeconds", cost.priming().compilerWaitSeconds());
        priming.put("compilerQuiet", cost.priming().compilerQuiet());

        ObjectNode latency = root.putObject("latency");
        for (LatencyRecorders.Kind kind : LatencyRecorders.Kind.values()) {
            latency(latency.putObject(kind.field()), result.latencies().of(kind));
        }

        Verdict verdict = result.verdict();
        ObjectNode validity = root.putObject("validity");
        validity.put("valid", verdict.valid());
        validity.put("limitedBy", verdict.limitedBy().key());
        ArrayNode limits = validity.putArray("limits");
        verdict.limits().forEach(limit -> limits.add(limit.key()));
        ArrayNode reasons = validity.putArray("reasons");
        verdict.reasons().forEach(reasons::add);
        Lateness rule = verdict.lateness();
        validity.put("lagP99LimitMs", rule.limitMs());
        validity.put("minRateFraction", plan.minRateFraction());
        validity.put("accountingHolds", result.accountingHolds());
        ObjectNode lateness = validity.putObject("lateness");
        lateness.put("rule", rule.rule());
        lateness.put("limitMs", rule.limitMs());
        putNullable(lateness, "lagP99Ms", rule.lagP99Ms());
        putNullable(lateness, "medianLatencyMs", rule.medianLatencyMs());
        lateness.put("fromOption", rule.fromOption());
        Evidence evidence = verdict.evidence();
        ObjectNode figures = validity.putObject("evidence");
        putNullable(figures, "lagP99Ms", evidence.lagP99Ms());
        putNullable(figures, "loopBusyShare", evidence.loopBusyShare());
        putNullable(figures, "lagBusyShare", evidence.lagBusyShare());
        putNullable(figures, "loopCpuShare", evidence.loopCpuShare());
        putNullable(figures, "achievedFraction", evidence.achievedFraction());
        figures.put("blockedCount", evidence.blockedCount());
        putNullable(figures, "sendSpreadMs", evidence.sendSpreadMs());
        putNullable(figures, "sendSpreadLimitMs", evidence.sendSpreadLimitMs());

        TargetPace pace = result.targetPace();
        ObjectNode behind = root.putObject("targetFellBehind");
        behind.put("behind", pace.behind());
        putNullable(behind, "heldShare", pace.heldShare());
        putNullable(behind, "achievedRate", pace.achievedRate());
        putNullable(behind, "scheduledRate", pace.scheduledRate());
        behind.put("peakConnections", pace.peakConnections());
        behind.put("queuedRequests", pace.queuedRequests());
        behind.put("queuedAtCap", pace.queuedAtCap());
        latency(behind.putObject("queueWait"), result.latencies().connectionWait());
        behind.put("reason", pace.reason());

        ObjectNode files = root.putObject("files");
        files.put("hlog", HLOG);
        ObjectNode hgrm = files.putObject("hgrm");
        for (LatencyRecorders.Kind kind : LatencyRecorders.Kind.values()) {
            hgrm.put(kind.field(), hgrm(kind));
        }
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

    private static void counts(ObjectNode node, PhaseCounts phase) {
        RequestCounters counters = phase.counters();
        node.put("scheduled", phase.scheduled());
        node.put("sent", counters.sentCount());
        node.put("written", counters.writtenCount());
        node.put("retried", counters.retriedCount());
        node.put("censored", phase.censored());
        node.put("queued", counters.queuedCount());
        node.put("queuedAtCap", counters.queuedAtCapCount());
        node.put("bodyBytes", counters.bodyByteCount());
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
