package io.workbench.loadgen.foreign;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.record.IntervalLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/**
 * Writes a {@link ForeignRun} as a load run's directory: the same file names and the same
 * {@code summary.json} fields as {@link RunFiles}, plus {@code engine}, {@code notes} and
 * {@code counters} (the engine's own counters under its own names). Latency kinds the engine did
 * not measure get no {@code .hgrm} and a null in the summary; so does every other figure it does
 * not have. The verdict is the run's {@link ForeignVerdict}, in the load command's {@code validity}
 * shape; its {@code accountingHolds} is the engine's own check and the summary's
 * {@code sent = ok + errors + timedOut} together.
 */
public final class ForeignRunFiles {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ForeignRunFiles() {
    }

    /** @return the summary.json written (last, atomically) */
    public static Path write(Path dir, ForeignRun run) throws IOException {
        Files.createDirectories(dir);
        writeHgrm(dir.resolve(RunFiles.INTENDED_TO_END_HGRM), run.intendedToEnd());
        writeHgrm(dir.resolve(RunFiles.SEND_TO_END_HGRM), run.sendToEnd());
        writeHgrm(dir.resolve(RunFiles.LATENESS_HGRM), run.lateness());
        if (!run.intervals().isEmpty()) {
            try (IntervalLog log = new IntervalLog(dir.resolve(RunFiles.HLOG), run.startEpochMillis(),
                    "measured by " + run.engine() + ": " + run.command())) {
                for (TaggedInterval interval : run.intervals()) {
                    log.write(interval.tag(), interval.histogram());
                }
            }
        }
        return RunFiles.writeSummary(dir, summary(run));
    }

    /** A latency the engine measured is written as RunFiles writes it; one it did not is no file at all. */
    private static void writeHgrm(Path file, Histogram micros) throws IOException {
        if (micros == null) {
            Files.deleteIfExists(file);
        } else {
            RunFiles.writeHgrm(file, micros);
        }
    }

    /** @return summary.json's tree */
    public static ObjectNode summary(ForeignRun run) {
        ObjectNode root = JSON.createObjectNode();
        root.put("engine", run.engine());
        root.put("label", run.label());
        root.put("command", run.command());
        root.put("url", run.url());
        root.put("model", run.model());
        root.put("arrivals", run.arrivals());
        RunFiles.putNullable(root, "targetRate", run.targetRate());
        RunFiles.putNullable(root, "achievedRate", run.achievedRate());
        root.put("startEpochMillis", run.startEpochMillis());
        root.put("endEpochMillis", run.endEpochMillis());
        root.put("durationSeconds", run.durationSeconds());
        root.put("interrupted", false);

        ObjectNode requests = root.putObject("requests");
        requests.put("scheduled", run.sent());
        requests.put("sent", run.sent());
        if (run.written() == null) {
            requests.putNull("written");
        } else {
            requests.put("written", run.written());
        }
        requests.put("ok", run.ok());
        requests.put("errors", run.errors());
        requests.put("timedOut", run.timedOut());
        ObjectNode byKind = requests.putObject("errorsByKind");
        run.errorsByKind().forEach(byKind::put);

        ObjectNode generator = root.putObject("generator");
        RunFiles.putNullable(generator, "cpuSeconds", run.cpuSeconds());
        RunFiles.putNullable(generator, "wallSeconds", run.wallSeconds());
        if (run.cpuSeconds() != null && run.wallSeconds() != null && run.wallSeconds() > 0) {
            generator.put("cpuPercentOfOneCore", 100 * run.cpuSeconds() / run.wallSeconds());
        } else {
            generator.putNull("cpuPercentOfOneCore");
        }
        RunFiles.putNullable(generator, "measuredCpuSeconds", run.measuredCpuSeconds());
        RunFiles.putNullable(generator, "measuredWallSeconds", run.measuredWallSeconds());

        ObjectNode latency = root.putObject("latency");
        latency(latency, "intendedToEnd", run.intendedToEnd());
        latency(latency, "sendToEnd", run.sendToEnd());
        latency(latency, "lateness", run.lateness());
        latency.putNull("connectionWait");
        latency.putNull("triedToEnd");

        validity(root.putObject("validity"), run);

        ArrayNode notes = root.putArray("notes");
        run.notes().forEach(notes::add);
        root.set("counters", JSON.valueToTree(run.counters()));

        ObjectNode files = root.putObject("files");
        if (run.intervals().isEmpty()) {
            files.putNull("hlog");
        } else {
            files.put("hlog", RunFiles.HLOG);
        }
        ObjectNode hgrm = files.putObject("hgrm");
        hgrm.put("intendedToEnd", run.intendedToEnd() == null ? null : RunFiles.INTENDED_TO_END_HGRM);
        hgrm.put("sendToEnd", run.sendToEnd() == null ? null : RunFiles.SEND_TO_END_HGRM);
        hgrm.put("lateness", run.lateness() == null ? null : RunFiles.LATENESS_HGRM);
        return root;
    }

    private static void validity(ObjectNode validity, ForeignRun run) {
        ForeignVerdict verdict = run.verdict();
        validity.put("valid", verdict.valid());
        validity.put("limitedBy", verdict.limitedBy().label());
        ArrayNode limits = validity.putArray("limits");
        verdict.limits().forEach(limit -> limits.add(limit.label()));
        ArrayNode reasons = validity.putArray("reasons");
        verdict.reasons().forEach(reasons::add);
        RunFiles.putNullable(validity, "lagP99LimitMs", verdict.lagP99LimitMs());
        RunFiles.putNullable(validity, "minRateFraction", verdict.minRateFraction());
        validity.put("accountingHolds", verdict.accountingHolds() && run.countsAddUp());
        ObjectNode evidence = validity.putObject("evidence");
        RunFiles.putNullable(evidence, "lagP99Ms", verdict.lagP99Ms());
        evidence.putNull("loopBusyShare");
        RunFiles.putNullable(evidence, "achievedFraction", verdict.achievedFraction());
        if (verdict.blockedCount() == null) {
            evidence.putNull("blockedCount");
        } else {
            evidence.put("blockedCount", verdict.blockedCount());
        }
        evidence.putNull("sendSpreadMs");
        evidence.putNull("sendSpreadLimitMs");
    }

    private static void latency(ObjectNode parent, String field, Histogram micros) {
        if (micros == null) {
            parent.putNull(field);
            return;
        }
        RunFiles.latency(parent.putObject(field), micros);
    }
}
