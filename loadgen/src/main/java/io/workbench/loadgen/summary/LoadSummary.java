package io.workbench.loadgen.summary;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;

/**
 * The {@code summary.json} one load run writes, as far as the suite and its report read it (the
 * load command's contract in docs/loadgen.md). Fields the generator adds later are ignored, so the
 * report keeps reading older and newer summaries alike; a field an older summary does not have is
 * null (or 0 for a number that every summary has always had). Times are milliseconds, rates
 * requests per second. {@code engine} is null for the load command's own runs, and names the
 * engine of a run measured elsewhere (Hyperfoil, or several generators merged), whose
 * {@code notes} say what a reader must know to compare it with the generator's own.
 *
 * <p>{@code latencyFloorMs}: the floor the {@code beyond-floor} latencies are recorded past (tried->end
 * less the time the target was asked to take; 0: none; null in summaries written before it existed).
 *
 * <p>results.json holds these records as read, so a field missing here is missing from the
 * report's inputs too: every field the report uses is declared.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LoadSummary(String label, String command, String url, String model, String arrivals, long seed,
                          Double targetRate, double achievedRate, long startEpochMillis, long endEpochMillis,
                          double durationSeconds, boolean interrupted, Requests requests, Blocked blocked,
                          Connections connections, Generator generator, Latencies latency, Validity validity,
                          Files files, String engine, List<String> notes, TargetFellBehind targetFellBehind,
                          Double latencyFloorMs, Trace trace) {

    /**
     * What happened to the requests: {@code sent = ok + errors + timedOut}, always. {@code written}
     * (requests the connection accepted for writing, which the achieved rate counts) is null in
     * summaries written before it existed. {@code censored}: requests that were due but still
     * waiting (for a connection, for a connect that failed or timed out, or, when the run ended, for
     * their response) when they were given up; each is in the latencies from its intended time to
     * the moment it was given up, so the tail is a lower bound, never a hole. Those that were sent
     * (taken off the schedule) are among the errors, by their kind ({@code connect_*},
     * {@code descriptor_limit}, {@code waiting_at_end}, {@code aborted}); those never sent (the run
     * was interrupted) are in {@code scheduled - sent}. {@code retried}:
     * sent once more because the server closed or reset their connection before any byte of them
     * was written (each still counted once); {@code queued}: waited for a connection;
     * {@code queuedAtCap}: of those, waited while the connection cap refused a connect. Each of
     * these is null in summaries written before it existed.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Requests(long scheduled, long sent, long ok, long errors, long timedOut,
                           Map<String, Long> errorsByKind, Long written, Long censored, Long retried, Long queued,
                           Long queuedAtCap) {

        /** Requests that did not end in a good response: errors and time-outs together. */
        public long failed() {
            return errors + timedOut;
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Blocked(long count, double maxMs) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Connections(long opened, long maxOpen, long maxAllowed, long descriptorLimit,
                              List<String> sourceAddresses) {
    }

    /**
     * The generator's own cost. {@code cpuSeconds} is the process's CPU over its run, warm-up
     * included (the load command's: not its priming loop, which runs before the clock starts, nor JVM
     * start-up); {@code measuredCpuSeconds} over the measured phase only, with
     * {@code measuredWallSeconds} its wall time; {@code loopBusyShare} and {@code loopSpinShare} the
     * share of the measured phase its event loops spent working and spinning; {@code loopCpuShare}
     * the busiest loop's own threads' CPU time per second of the measured phase (its loop and alarm
     * threads, and the reporter's when they share its cores: what the verdict reads, not the
     * process's). Every field but {@code cpuSeconds} and {@code cpuPercentOfOneCore} is null where
     * the engine or an older summary does not have it.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Generator(double cpuSeconds, double cpuPercentOfOneCore, Double wallSeconds, Integer threads,
                            Double measuredCpuSeconds, Double measuredWallSeconds, Double loopBusyShare,
                            Double loopSpinShare, Double loopCpuShare) {
    }

    /**
     * The latency kinds; one the engine does not measure, or an older summary lacks, is null. A
     * request's wait from its intended time falls into three consecutive parts:
     * {@code lateness} (intended -> the generator's loop tried to send it: the generator's own),
     * {@code connectionWait} (tried -> sent: no idle connection, at the cap or a connect in flight:
     * the target's backlog) and {@code sendToEnd} (service). {@code triedToEnd} is what the target
     * caused (tried -> end: connection wait and service, censored requests included);
     * {@code intendedToEnd} the whole. {@code intendedToSend} and {@code connectWait} are read
     * from summaries written before the parts were kept apart.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Latencies(LatencyStats intendedToEnd, LatencyStats sendToEnd, LatencyStats lateness,
                            LatencyStats connectionWait, LatencyStats triedToEnd,
                            LatencyStats intendedToSend, LatencyStats connectWait) {
    }

    /**
     * Whether the target fell behind: the generator was on time, but requests queued for
     * connections or the achieved rate fell below the schedule. A valid, named finding, never a
     * reason to call a run invalid.
     *
     * @param behind          true when the target did not keep up
     * @param heldShare       the share of the schedule the target held: the lower of the requests it answered over those
     *                        the schedule asked for, and its completed rate over the scheduled rate; null without a
     *                        schedule (closed model, all-at-once)
     * @param achievedRate    requests per second completed (a response, whatever its status), between the first measured
     *                        response and the last
     * @param scheduledRate   what the schedule asked for, between its first and its last measured arrival, or null
     * @param peakConnections the most connections the target held open at once
     * @param queuedRequests  measured requests that waited for a connection
     * @param queueWait       the wait for a connection of the measured requests (tried -> sent)
     * @param reason          one sentence, or null when it kept up (and why it was not judged, when the run is not valid)
     * @param queuedAtCap     of the queued requests, those that waited while the connection cap refused a connect
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TargetFellBehind(boolean behind, Double heldShare, Double achievedRate, Double scheduledRate,
                                   long peakConnections, long queuedRequests, LatencyStats queueWait, String reason,
                                   Long queuedAtCap) {
    }

    /**
     * A traced run's breakdown ({@code --trace}), null for a run that was not traced: where each
     * request's time went, part by part, over the measured responses both sides recorded whole
     * ({@code joined} of {@code measuredResponses}); {@code failure} says why there is none when the
     * target's records could not be had (the other members are then null). {@code parts} is keyed by
     * the part's name ({@code lateness}, {@code connectionWait}, {@code tripToServer},
     * {@code serverQueue}, {@code handler}, {@code responseMade}, {@code writeAndTripBack}), in the
     * order of a request's way, and each part's figures are in milliseconds;
     * {@code serverWriteAsItSaw} is the server's own account of its write (from the last write
     * issued to its word that the write completed), not a part; {@code clock.shared} says whether
     * both sides' stamps were on one clock, {@code clock.reason} why.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Trace(String cell, String firstRead, Long measuredResponses, Long joined, Unmatched unmatched, Long incomplete,
                        Long droppedByTarget, Long retried, Long censored, Long timedOut, TracePart intendedToEnd,
                        Map<String, TracePart> parts, TracePart serverWriteAsItSaw, Double sumOfPartMediansMs, Long negativeRequests, Clock clock,
                        List<TracedRequest> worst, String failure) {
    }

    /** Measured responses with no target record, and target records of no request of the run. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Unmatched(long generator, long target) {
    }

    /** One part's figures over the joined requests, in milliseconds; {@code negative}: requests with it below zero. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TracePart(String span, double p50Ms, double p99Ms, double meanMs, double minMs, double maxMs, long negative) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Clock(Boolean shared, String reason) {
    }

    /** One of the worst requests of a traced run, part by part in milliseconds, keyed as {@link Trace#parts()}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TracedRequest(long id, boolean retried, double intendedToEndMs, Map<String, Double> partsMs) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LatencyStats(long count, double meanMs, double maxMs, double p50Ms, double p90Ms, double p99Ms,
                               double p999Ms, double p9999Ms) {
    }

    /**
     * The run's own verdict. {@code limitedBy} names what limited an invalid run ({@code none} for a
     * valid one; see {@link Limit}), {@code limits} every factor that fired, {@code limitedBy} first;
     * both are null in summaries written before verdicts named their limit ({@link RunVerdict} reads
     * those). {@code accountingHolds} is null where the summary does not say.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Validity(boolean valid, String limitedBy, List<String> limits, List<String> reasons,
                           double lagP99LimitMs, double minRateFraction, Boolean accountingHolds, Evidence evidence,
                           Lateness lateness) {
    }

    /**
     * The lateness rule as applied to this run: valid when the generator's lateness p99 is under
     * the larger of 1 ms and 1% of the run's median latency from the intended time, unless
     * {@code --lag-limit} set the limit ({@code fromOption}).
     *
     * @param rule            the rule in words
     * @param limitMs         the limit it gave for this run
     * @param lagP99Ms        the generator's lateness p99 it read
     * @param medianLatencyMs the intended->end median it read
     * @param fromOption      true when --lag-limit set the limit
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Lateness(String rule, double limitMs, Double lagP99Ms, Double medianLatencyMs, boolean fromOption) {
    }

    /**
     * The figures the verdict was drawn from, each null where the engine does not measure it.
     *
     * @param lagP99Ms          the generator's lateness p99 (intended->send in summaries written before the lateness was kept apart)
     * @param loopBusyShare     the share of the measured phase its loop was busy
     * @param achievedFraction  the rate the generator took arrivals off its schedule at, over the rate the schedule asked for
     * @param blockedCount      requests that waited for a connection while the cap (or the kernel) would not give one
     * @param sendSpreadMs      all-at-once: how long trying them all took
     * @param sendSpreadLimitMs all-at-once: the most that spread may be
     * @param lagBusyShare      the busiest loop's highest busy share in a second that was late
     * @param loopCpuShare      the busiest loop's own threads' CPU time per second of the measured phase
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Evidence(Double lagP99Ms, Double loopBusyShare, Double achievedFraction, Long blockedCount,
                           Double sendSpreadMs, Double sendSpreadLimitMs, Double lagBusyShare, Double loopCpuShare) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Files(String hlog, Hgrm hgrm) {
    }

    /** The .hgrm files by latency kind (see {@link Latencies}); a kind the run did not write is null. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Hgrm(String intendedToEnd, String sendToEnd, String lateness, String connectionWait, String triedToEnd,
                       String intendedToSend) {
    }
}
