package io.workbench.mainjob.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.mainjob.report.results.ConcurrencyCap;
import io.workbench.mainjob.report.results.Environment;
import io.workbench.mainjob.report.results.GcPause;
import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import io.workbench.mainjob.report.results.RateSearch;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetCost;
import io.workbench.mainjob.report.results.TargetRun;
import io.workbench.mainjob.report.results.TargetStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Builds a suite run for the report's tests: its results.json (format 2) as the runner writes it
 * and, on request, every file a load run leaves (summary.json, latency.hlog with its tried-to-end
 * intervals, the .hgrm files, target-samples.csv), from repetitions described by their verdict and
 * figures. The i-th repetition of every target is measured in round i, its position in the round
 * rotated; every run is warm unless told. A repetition's latency figures come from histograms of
 * its own values, written to its files, so that the files and the summary agree as a real run's
 * do: intended->end around its mean (set exactly), tried->end around the wait plus its time beyond
 * it, the figure scenarios are compared by.
 */
final class RunBuilder {

    static final long START = 1_795_000_000_000L;
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private final List<ScenarioPreset> presets = new ArrayList<>();
    private final List<TargetBuilder> targets = new ArrayList<>();
    private final List<String> targetFlags = new ArrayList<>(List.of("-Xms4g", "-Xmx4g", "-XX:+UseParallelGC"));
    private final List<String> loadFlags = new ArrayList<>(List.of("-Xms1g", "-Xmx1g", "-XX:TieredStopAtLevel=1"));
    private double margin = 0.05;

    /** The quick profile's five scenarios, scaled down (the presets are only read, never run). */
    static RunBuilder quick() {
        return new RunBuilder()
                .preset(new ScenarioPreset("concurrency-level", "all-at-once", null, 10_000, 10_000, null, "/hello?wait=10000",
                        60_000, 4, 0, 0, 1, null))
                .preset(new ScenarioPreset("slow-requests", "open", 1_000.0, 5_000, 1_000, null, "/hello?wait=1000",
                        60_000, 4, 1_000, 5_000, 2, null))
                .preset(new ScenarioPreset("high-concurrency", "open", 10_000.0, 30_000, 100, null, "/hello?wait=100",
                        60_000, 4, 1_000, 5_000, 2, null))
                .preset(new ScenarioPreset("overhead", "open", 100_000.0, 30_000, 0, null, "/hello?wait=0",
                        60_000, 4, 1_000, 5_000, 2, "100,000 req/s is beyond what one generator core held"))
                .preset(new ScenarioPreset("stream", "open", 2_500.0, 5_000, 0, 1L << 20, "/stream?bytes=1048576",
                        60_000, 4, 100, 500, 2, null));
    }

    /** The generator JVMs' flags (default: C1 alone, as the main job's). */
    RunBuilder loadFlags(String... flags) {
        loadFlags.clear();
        loadFlags.addAll(List.of(flags));
        return this;
    }

    RunBuilder margin(double margin) {
        this.margin = margin;
        return this;
    }

    RunBuilder preset(ScenarioPreset preset) {
        presets.add(preset);
        return this;
    }

    TargetBuilder target(String id) {
        TargetBuilder target = new TargetBuilder(id, targets.size());
        targets.add(target);
        return target;
    }

    private ScenarioPreset preset(String scenario) {
        return presets.stream().filter(preset -> preset.scenario().equals(scenario)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no preset " + scenario));
    }

    /** One repetition as a test describes it. */
    static final class Rep {
        final double meanMs;
        Limit limit = Limit.NONE;
        boolean oldFormat;
        boolean oldValid;
        double lagMs = 0.2;
        long errors;
        Long polled;
        TargetStats before;
        TargetStats after;
        int count = 2_000;
        boolean warm = true;
        boolean legacy;
        Double beyondMs;
        boolean floor;
        double spread = 0.5;
        Double cpuMicros;
        Double heldShare;
        String failure;

        private Rep(double meanMs) {
            this.meanMs = meanMs;
        }

        /** One whose load run left no summary, with why. */
        static Rep noResult(String failure) {
            Rep rep = new Rep(0);
            rep.failure = failure;
            return rep;
        }

        /** A valid repetition with this mean intended->end latency. */
        static Rep valid(double meanMs) {
            return new Rep(meanMs);
        }

        /** An invalid one, limited by {@code limit}. */
        static Rep invalid(Limit limit, double meanMs) {
            Rep rep = new Rep(meanMs);
            rep.limit = limit;
            return rep;
        }

        /** One written before verdicts named their limit: {@code validity} has only {@code valid} and reasons. */
        static Rep old(boolean valid, double meanMs) {
            Rep rep = new Rep(meanMs);
            rep.oldFormat = true;
            rep.oldValid = valid;
            rep.legacy = true;
            return rep;
        }

        /** A concurrency-level repetition: the polled peak and the target's /stats before and after. */
        static Rep peak(long polled, long maxBefore, long maxAfter) {
            Rep rep = new Rep(10_000);
            rep.polled = polled;
            rep.before = new TargetStats(0, 0, 0, maxBefore);
            rep.after = new TargetStats(maxAfter, maxAfter, 0, maxAfter);
            return rep;
        }

        Rep lag(double lagMs) {
            this.lagMs = lagMs;
            return this;
        }

        Rep errors(long errors) {
            this.errors = errors;
            return this;
        }

        Rep limitedBy(Limit limit) {
            this.limit = limit;
            return this;
        }

        /** Taken before its target was warm. */
        Rep cold() {
            this.warm = false;
            return this;
        }

        /** Its interval log has no tried-to-end (written before it existed). */
        Rep legacy() {
            this.legacy = true;
            return this;
        }

        /**
         * The median time beyond the wait of its tried-to-end intervals (default: its mean less the
         * wait); every interval holds the same values, spread evenly over {@code beyond * (1 +- spread)}.
         */
        Rep beyond(double ms) {
            this.beyondMs = ms;
            return this;
        }

        /** Its load run stated the wait as its latency floor: its log has beyond-floor intervals too, to the microsecond. */
        Rep floor() {
            this.floor = true;
            return this;
        }

        Rep spread(double relative) {
            this.spread = relative;
            return this;
        }

        /** The target's CPU per request over the run: its target-samples.csv and its cost. */
        Rep cpu(double micros) {
            this.cpuMicros = micros;
            return this;
        }

        /** The target fell behind, holding this share of the schedule. */
        Rep behind(double held) {
            this.heldShare = held;
            return this;
        }

        double beyond(ScenarioPreset preset) {
            return beyondMs != null ? beyondMs : Math.max(0.05, meanMs - preset.waitMillis());
        }
    }

    final class TargetBuilder {
        private final String id;
        private final int position;
        private final Map<String, List<Rep>> scenarios = new LinkedHashMap<>();
        private final List<GcPause> pauses = new ArrayList<>();
        private final Map<String, RateSearch> searches = new LinkedHashMap<>();
        private final Map<String, String> notes = new LinkedHashMap<>();
        private TargetRun.Status status = TargetRun.Status.OK;
        private String failure;

        private TargetBuilder(String id, int position) {
            this.id = id;
            this.position = position;
        }

        /** How the session ended, with the target's last words. */
        TargetBuilder status(TargetRun.Status status, String failure) {
            this.status = status;
            this.failure = failure;
            return this;
        }

        /** The overhead scenario's search for the highest sustained rate. */
        TargetBuilder search(String scenario, RateSearch search) {
            searches.put(scenario, search);
            return this;
        }

        /** A note on how a scenario ended (e.g. a failure's words). */
        TargetBuilder note(String scenario, String note) {
            notes.put(scenario, note);
            return this;
        }

        /** 1, or 2.. for a cell listed again ({@code cell#2}). */
        int copy() {
            return id.matches(".*#[0-9]+") ? Integer.parseInt(id.substring(id.lastIndexOf('#') + 1)) : 1;
        }

        String cell() {
            return copy() > 1 ? id.substring(0, id.lastIndexOf('#')) : id;
        }

        TargetBuilder run(String scenario, Rep... repetitions) {
            preset(scenario);
            scenarios.put(scenario, List.of(repetitions));
            return this;
        }

        TargetBuilder pause(double offsetSeconds, double durationMs) {
            pauses.add(new GcPause(start() + Math.round(offsetSeconds * 1000), durationMs, "Pause Young (Allocation Failure)"));
            return this;
        }

        RunBuilder and() {
            return RunBuilder.this;
        }

        /** Its directory: the cell's name with anything but letters, digits, - and _ as _ (an id may be anything). */
        String dir() {
            return cell().replaceAll("[^A-Za-z0-9_-]", "_") + (copy() > 1 ? "-" + copy() : "");
        }

        long start() {
            return START + position * 200_000L;
        }
    }

    /** The run in memory, as results.json would hold it; no files. */
    RunResults results() {
        return build(null);
    }

    /** Writes results.json and every repetition's files under {@code dir}; returns the results. */
    RunResults write(Path dir) {
        RunResults results = build(dir);
        ResultsJson.writeRun(dir, results);
        return results;
    }

    private RunResults build(Path dir) {
        List<TargetRun> targetRuns = new ArrayList<>();
        long end = START;
        int rounds = 0;
        for (TargetBuilder target : targets) {
            long clock = target.start() + 2_000;
            List<ScenarioRun> runs = new ArrayList<>();
            for (ScenarioPreset preset : presets) {
                List<Rep> reps = target.scenarios.get(preset.scenario());
                if (reps == null) {
                    continue;
                }
                List<Repetition> repetitions = new ArrayList<>();
                for (int i = 0; i < reps.size(); i++) {
                    int round = i + 1;
                    rounds = Math.max(rounds, round);
                    Rep rep = reps.get(i);
                    String repDir = target.dir() + "/" + preset.scenario() + "/rep-" + round;
                    int position = Math.floorMod(target.position - (round - 1), targets.size()) + 1;
                    if (rep.failure != null) {
                        repetitions.add(new Repetition(round, position, repDir, 1, null, rep.failure, null, null, null,
                                120_000L + 10_000L * i, rep.warm, null));
                        continue;
                    }
                    Path files = dir == null ? null : dir.resolve(repDir);
                    LoadSummary summary = summary(target.id, preset, rep, round, clock, files);
                    repetitions.add(new Repetition(round, position, repDir, 0, summary, null, rep.before, rep.after, rep.polled,
                            120_000L + 10_000L * i, rep.warm, cost(rep, summary)));
                    clock = summary.endEpochMillis() + 1_000;
                }
                String note = target.notes.get(preset.scenario());
                runs.add(new ScenarioRun(preset, ScenarioRun.Status.DONE, note, null, repetitions, target.searches.get(preset.scenario())));
            }
            String[] cell = target.cell().split(":", 2);
            targetRuns.add(new TargetRun(target.id, target.copy(), cell[0], cell[1], target.status, target.failure,
                    target.status == TargetRun.Status.OK ? 0 : 1, target.dir(), "http://127.0.0.1:4" + target.position + "000",
                    20_000L, target.start(), clock + 1_000, List.copyOf(target.pauses), runs));
            end = Math.max(end, clock + 1_000);
        }
        Environment environment = new Environment("fixture", "Linux 6.1 x86_64", 2, "test CPU", 8L << 30, "0.10 0.10 0.10",
                "0.20 0.20 0.20", "Temurin 25", "/usr/lib/jvm/test", List.copyOf(targetFlags),
                List.copyOf(loadFlags), new Environment.Pinning(true, "0", "1", "taskset"), "loopback", 20_000);
        ConcurrencyCap cap = new ConcurrencyCap(54_000, 54_000, 19_850, 20_000, 150,
                "the descriptor limit of 20,000 caps it at 19,850 (150 kept for what a JVM holds open)");
        return new RunResults(RunResults.FORMAT, "./workbench run --profile quick", "quick", 1, START, end, false, environment, cap,
                List.copyOf(presets), targetRuns, rounds, List.of(targetRuns.stream().map(TargetRun::id).toList()), margin);
    }

    /** The target's cost over a run with a CPU figure: what the runner reads from /proc and /stats. */
    private static TargetCost cost(Rep rep, LoadSummary summary) {
        if (rep.cpuMicros == null) {
            return null;
        }
        return new TargetCost(rep.count, summary.durationSeconds(), rep.cpuMicros * 0.7, rep.cpuMicros * 0.3, 2.0, 0.1, null,
                20, 200L << 20, 1_000.0, 0, 0, 0);
    }

    /** A repetition's summary, with its files written under {@code repDir} when it is not null. */
    private static LoadSummary summary(String target, ScenarioPreset preset, Rep rep, int index, long start, Path repDir) {
        boolean allAtOnce = "all-at-once".equals(preset.model());
        int seconds = allAtOnce ? 10 : 3;
        long end = start + seconds * 1000L;
        Histogram intendedToEnd = histogram(rep.meanMs, rep.count);
        // Its p99 is 2.5x the value given: the lag asked for.
        Histogram intendedToSend = histogram(rep.lagMs / 2.5, rep.count);
        ObjectNode root = ResultsJson.mapper().createObjectNode();
        root.put("label", target + "/" + preset.scenario() + "#" + index);
        root.put("command", "load http://127.0.0.1:40000" + preset.path());
        root.put("url", "http://127.0.0.1:40000" + preset.path());
        root.put("model", preset.model());
        if (allAtOnce) {
            root.putNull("arrivals");
            root.putNull("targetRate");
        } else {
            root.put("arrivals", "exponential");
            root.put("targetRate", preset.rate());
        }
        root.put("seed", index);
        root.put("latencyFloorMs", rep.floor ? (double) preset.waitMillis() : 0.0);
        root.put("achievedRate", allAtOnce ? 0 : preset.rate() * (rep.limit == Limit.GENERATOR_CPU ? 0.9 : 1.0));
        root.put("startEpochMillis", start);
        root.put("endEpochMillis", end);
        root.put("durationSeconds", (double) seconds);
        root.put("interrupted", rep.limit == Limit.INTERRUPTED);
        ObjectNode requests = root.putObject("requests");
        requests.put("scheduled", rep.count);
        requests.put("sent", rep.count);
        requests.put("written", rep.count);
        requests.put("ok", rep.count - rep.errors);
        requests.put("errors", rep.errors);
        requests.put("timedOut", 0);
        requests.putObject("errorsByKind").put("reset", rep.errors);
        root.putObject("blocked").put("count", rep.limit == Limit.CONNECTION_CAP ? 12 : 0).put("maxMs", 0.0);
        root.putObject("connections").put("opened", 64).put("maxOpen", 64).put("maxAllowed", 19_800).put("descriptorLimit", 20_000)
                .putArray("sourceAddresses").add("127.0.0.1");
        root.putObject("generator").put("cpuSeconds", 3.0).put("cpuPercentOfOneCore", 60.0).put("wallSeconds", 5.0)
                .put("threads", 1).put("measuredCpuSeconds", 1.5).put("measuredWallSeconds", (double) seconds)
                .put("loopBusyShare", rep.limit == Limit.GENERATOR_CPU ? 1.0 : 0.4).put("loopSpinShare", 0.01);
        ObjectNode latency = root.putObject("latency");
        RunFiles.latency(latency.putObject("intendedToEnd"), intendedToEnd);
        ((ObjectNode) latency.get("intendedToEnd")).put("meanMs", rep.meanMs);
        RunFiles.latency(latency.putObject("sendToEnd"), intendedToEnd);
        RunFiles.latency(latency.putObject("intendedToSend"), intendedToSend);
        RunFiles.latency(latency.putObject("connectWait"), histogram(0.05, rep.count));
        Histogram triedToEnd = rep.legacy ? null : triedToEnd(preset, rep, rep.count);
        if (triedToEnd != null) {
            RunFiles.latency(latency.putObject("triedToEnd"), triedToEnd);
        }
        if (rep.heldShare != null) {
            root.putObject("targetFellBehind").put("behind", true).put("heldShare", rep.heldShare)
                    .put("achievedRate", preset.rate() * rep.heldShare).put("scheduledRate", preset.rate())
                    .put("peakConnections", 1_000).put("queuedRequests", rep.count / 3)
                    .put("reason", "the target completed " + Math.round(rep.heldShare * 100) + "% of the schedule");
        } else if (!allAtOnce && !rep.legacy) {
            root.putObject("targetFellBehind").put("behind", false).put("heldShare", 1.0).put("achievedRate", preset.rate())
                    .put("scheduledRate", preset.rate()).put("peakConnections", 100).put("queuedRequests", 0);
        }
        double lagP99 = latency.get("intendedToSend").get("p99Ms").asDouble();
        ObjectNode validity = root.putObject("validity");
        if (rep.oldFormat) {
            validity.put("valid", rep.oldValid);
            ArrayNode reasons = validity.putArray("reasons");
            if (!rep.oldValid) {
                reasons.add("the generator lagged: intended->send p99 " + lagP99 + " ms above the limit of 1 ms");
            }
            validity.put("lagP99LimitMs", 1.0).put("minRateFraction", 0.99);
        } else {
            validity.put("valid", rep.limit == Limit.NONE);
            validity.put("limitedBy", rep.limit.label());
            ArrayNode limits = validity.putArray("limits");
            ArrayNode reasons = validity.putArray("reasons");
            if (rep.limit != Limit.NONE) {
                limits.add(rep.limit.label());
                reasons.add("limited by " + rep.limit.label() + ": " + rep.limit.description());
            }
            validity.put("lagP99LimitMs", 1.0).put("minRateFraction", 0.99).put("accountingHolds", true);
            validity.putObject("evidence").put("lagP99Ms", lagP99).put("loopBusyShare", 0.4).put("achievedFraction", 1.0)
                    .put("blockedCount", 0).putNull("sendSpreadMs").putNull("sendSpreadLimitMs");
        }
        ObjectNode files = root.putObject("files");
        files.put("hlog", RunFiles.HLOG);
        files.putObject("hgrm").put("intendedToEnd", RunFiles.INTENDED_TO_END_HGRM).put("sendToEnd", RunFiles.SEND_TO_END_HGRM)
                .put("intendedToSend", RunFiles.INTENDED_TO_SEND_HGRM);
        if (repDir != null) {
            writeFiles(repDir, root, start, seconds, rep, preset, intendedToEnd, intendedToSend);
        }
        try {
            return ResultsJson.mapper().treeToValue(root, LoadSummary.class);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    private static void writeFiles(Path repDir, ObjectNode summary, long start, int seconds, Rep rep, ScenarioPreset preset,
                                   Histogram intendedToEnd, Histogram intendedToSend) {
        try {
            Files.createDirectories(repDir);
            RunFiles.writeHgrm(repDir.resolve(RunFiles.INTENDED_TO_END_HGRM), intendedToEnd);
            RunFiles.writeHgrm(repDir.resolve(RunFiles.SEND_TO_END_HGRM), intendedToEnd);
            RunFiles.writeHgrm(repDir.resolve(RunFiles.INTENDED_TO_SEND_HGRM), intendedToSend);
            try (IntervalLog log = new IntervalLog(repDir.resolve(RunFiles.HLOG), start, "fixture")) {
                for (int second = 0; second < seconds; second++) {
                    long from = start + second * 1000L;
                    for (String tag : List.of(IntervalLog.INTENDED_TO_END, IntervalLog.SEND_TO_END, IntervalLog.INTENDED_TO_SEND)) {
                        Histogram interval = histogram(tag.equals(IntervalLog.INTENDED_TO_SEND) ? rep.lagMs / 2.5 : rep.meanMs,
                                rep.count / seconds);
                        interval.setStartTimeStamp(from);
                        interval.setEndTimeStamp(from + 1000);
                        log.write(tag, interval);
                    }
                    if (!rep.legacy) {
                        Histogram tried = triedToEnd(preset, rep, rep.count / seconds);
                        tried.setStartTimeStamp(from);
                        tried.setEndTimeStamp(from + 1000);
                        log.write(TRIED_TO_END, tried);
                    }
                    if (rep.floor) {
                        Histogram beyond = beyondFloor(preset, rep, rep.count / seconds);
                        beyond.setStartTimeStamp(from);
                        beyond.setEndTimeStamp(from + 1000);
                        log.write(IntervalLog.BEYOND_FLOOR, beyond);
                    }
                }
            }
            if (rep.cpuMicros != null) {
                writeSamples(repDir.resolve("target-samples.csv"), start, seconds, rep);
            }
            RunFiles.writeSummary(repDir, summary);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    /** The interval log's tag of tried->end, which summaries written before it existed lack. */
    static final String TRIED_TO_END = "tried-to-end";

    /**
     * tried->end of {@code count} requests: the wait, plus the rep's time beyond it spread evenly over
     * {@code beyond * (1 +- spread)}, so its median is the time beyond the wait given.
     */
    static Histogram triedToEnd(ScenarioPreset preset, Rep rep, int count) {
        Histogram micros = new Histogram(HIGHEST_MICROS, 3);
        double beyond = rep.beyond(preset) * 1000;
        for (int i = 0; i < count; i++) {
            double value = preset.waitMillis() * 1000 + beyond * (1 - rep.spread + 2 * rep.spread * (i + 0.5) / count);
            micros.recordValue(Math.max(1, Math.round(value)));
        }
        return micros;
    }

    /** What {@link #triedToEnd} holds beyond the wait, recorded as the generator records it past a floor: to the microsecond. */
    static Histogram beyondFloor(ScenarioPreset preset, Rep rep, int count) {
        Histogram micros = new Histogram(HIGHEST_MICROS, 3);
        double beyond = rep.beyond(preset) * 1000;
        for (int i = 0; i < count; i++) {
            micros.recordValue(Math.max(1, Math.round(beyond * (1 - rep.spread + 2 * rep.spread * (i + 0.5) / count))));
        }
        return micros;
    }

    /** The target's counters once a second over the measured phase, as the runner samples them. */
    private static void writeSamples(Path file, long start, int seconds, Rep rep) throws IOException {
        StringBuilder csv = new StringBuilder("epoch_ms,completed,cpu_user_ns,cpu_kernel_ns,voluntary_switches,involuntary_switches,threads,rss_bytes\n");
        long perSecond = rep.count / seconds;
        for (int second = 0; second <= seconds; second++) {
            long completed = 50_000 + perSecond * second;
            double cpuNanos = completed * rep.cpuMicros * 1000;
            csv.append(start + second * 1000L).append(',').append(completed).append(',').append(Math.round(cpuNanos * 0.7)).append(',')
                    .append(Math.round(cpuNanos * 0.3)).append(',').append(completed * 2).append(',').append(completed / 10).append(',')
                    .append(20).append(',').append(200L << 20).append('\n');
        }
        Files.writeString(file, csv);
    }

    /**
     * {@code count} values (a multiple of 100) spread evenly from 0.5x to 1.5x of {@code meanMs} (in
     * microseconds), and a tail of 2% spread evenly above 2x up to 3x: the 99th percentile is 2.5x
     * the value given, and every percentile up to the last value is resolved, as a real run's are.
     */
    static Histogram histogram(double meanMs, int count) {
        Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
        double micros = meanMs * 1000;
        int tail = count / 50;
        for (int i = 0; i < count; i++) {
            double value = i >= count - tail ? micros * (2 + (double) (i - (count - tail) + 1) / tail)
                    : micros * (0.5 + (double) i / count);
            histogram.recordValue(Math.max(1, Math.round(value)));
        }
        return histogram;
    }
}
