package io.workbench.mainjob.findings;

import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetCost;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads what a target's findings in a scenario rest on from a run's directory: for each measured
 * repetition that is valid and warm, its units (the one-second intervals of its interval log for a
 * latency, the intervals of its {@code target-samples.csv} for CPU per request, the run itself for
 * the most in flight), and for every other repetition why it is left out. A file that is missing
 * or cannot be read leaves its run out with the reason; it never stops the report.
 */
public final class EvidenceReader {

    /** The interval log's tag of what the target caused: from the generator's try to send to the end. */
    public static final String TRIED_TO_END = "tried-to-end";
    /** The tag of the whole latency, read where a log has no tried-to-end (written before it existed). */
    public static final String INTENDED_TO_END = "intended-to-end";
    /** tried->end less the run's latency floor (its wait), recorded to the microsecond; logs written before it have none. */
    public static final String BEYOND_FLOOR = "beyond-floor";

    private EvidenceReader() {
    }

    public static Evidence read(Path runDir, String target, ScenarioRun run) {
        Figure figure = Figure.of(run.preset());
        List<Repetition> feeding = new ArrayList<>();
        List<Evidence.Exclusion> excluded = new ArrayList<>();
        List<Integer> roundNumbers = new ArrayList<>();
        List<Integer> unitsPerRound = new ArrayList<>();
        List<PooledMedian.Buckets> latencyUnits = new ArrayList<>();
        List<double[]> ratioUnits = new ArrayList<>();
        List<double[]> heldUnits = new ArrayList<>();
        List<double[]> errorUnits = new ArrayList<>();
        List<Integer> fellBehind = new ArrayList<>();
        String behindWhy = null;
        boolean fellBack = false;
        boolean fromCost = false;
        boolean allBeyondFloor = true;
        long requests = 0;
        for (Repetition repetition : run.repetitions()) {
            int round = repetition.index();
            String why = notFeeding(repetition);
            if (why != null) {
                excluded.add(new Evidence.Exclusion(round, why));
                continue;
            }
            Units units;
            try {
                units = switch (figure) {
                    case LATENCY_BEYOND_WAIT -> latency(runDir, repetition, run.preset().waitMillis());
                    case CPU_PER_REQUEST -> cpu(runDir, repetition);
                    case IN_FLIGHT, HELD_SHARE -> new Units(List.of(), List.<double[]>of(new double[] {InFlight.peak(repetition), 1}),
                            repetition.summary().requests().sent(), false, false, false, null);
                };
            } catch (IOException unreadable) {
                excluded.add(new Evidence.Exclusion(round, "its files cannot be read: " + unreadable.getMessage()));
                continue;
            }
            if (units.missing() != null) {
                excluded.add(new Evidence.Exclusion(round, units.missing()));
                continue;
            }
            feeding.add(repetition);
            roundNumbers.add(round);
            unitsPerRound.add(units.latency().size() + units.ratio().size());
            latencyUnits.addAll(units.latency());
            ratioUnits.addAll(units.ratio());
            requests += units.requests();
            fellBack |= units.fellBack();
            allBeyondFloor &= units.beyondFloor();
            fromCost |= units.fromCost();
            LoadSummary summary = repetition.summary();
            LoadSummary.Requests counts = summary.requests();
            errorUnits.add(new double[] {counts.failed(), counts.sent()});
            Double held = heldShare(summary);
            if (held != null) {
                heldUnits.add(new double[] {held, 1});
            }
            LoadSummary.TargetFellBehind behind = summary.targetFellBehind();
            if (figure != Figure.IN_FLIGHT && behind != null && behind.behind()) {
                fellBehind.add(round);
                if (behindWhy == null) {
                    behindWhy = behind.reason();
                }
            }
        }
        RoundedSample sample = null;
        if (!feeding.isEmpty()) {
            Estimator estimator = figure == Figure.LATENCY_BEYOND_WAIT ? PooledMedian.of(latencyUnits) : ratio(ratioUnits);
            sample = RoundedSample.consecutive(estimator, roundNumbers, unitsPerRound);
        }
        List<Integer> single = java.util.Collections.nCopies(roundNumbers.size(), 1);
        RoundedSample held = heldUnits.size() == feeding.size() && !feeding.isEmpty()
                ? RoundedSample.consecutive(ratio(heldUnits), roundNumbers, single) : null;
        RoundedSample errors = feeding.isEmpty() ? null : RoundedSample.consecutive(ratio(errorUnits), roundNumbers, single);
        String source = switch (figure) {
            case LATENCY_BEYOND_WAIT -> allBeyondFloor && !feeding.isEmpty()
                    ? BEYOND_FLOOR + " intervals of the interval logs: tried->end less the " + run.preset().waitMillis()
                            + " ms wait, recorded to the microsecond"
                    : (fellBack ? INTENDED_TO_END : TRIED_TO_END) + " intervals of the interval logs, minus the "
                            + run.preset().waitMillis() + " ms wait";
            case CPU_PER_REQUEST -> fromCost ? "the target's CPU over each run (no per-second samples)"
                    : "the target's CPU and completed requests, sampled about once a second";
            case IN_FLIGHT, HELD_SHARE -> "the most in flight, polled and counted, per run";
        };
        String fallback = null;
        if (fellBack) {
            fallback = "its interval logs have no tried-to-end (written before it existed): intended-to-end is used, "
                    + "which includes the generator's own lateness";
        } else if (fromCost) {
            fallback = "no target-samples.csv beside its runs: each run's CPU over its whole phase is one unit, so only rounds are drawn";
        }
        return new Evidence(target, figure, List.copyOf(feeding), List.copyOf(excluded), sample, source, fallback, requests,
                List.copyOf(fellBehind), behindWhy, held, errors);
    }

    /** Why a repetition does not feed a finding, or null when it does (measured, valid, warm). */
    static String notFeeding(Repetition repetition) {
        if (repetition.summary() == null) {
            return "no result" + (repetition.failure() == null ? "" : ": " + repetition.failure());
        }
        if (repetition.summary().interrupted()) {
            return "interrupted";
        }
        if (!repetition.valid()) {
            Limit limit = repetition.verdict().limitedBy();
            return "not valid: " + limit.label();
        }
        if (!repetition.warm()) {
            return "taken before the target was warm";
        }
        return null;
    }

    /** The share of its schedule a run held: the generator's figure, else achieved over target rate; null for no schedule. */
    static Double heldShare(LoadSummary summary) {
        if (summary.targetFellBehind() != null && summary.targetFellBehind().heldShare() != null) {
            return summary.targetFellBehind().heldShare();
        }
        if (summary.targetRate() != null && summary.targetRate() > 0) {
            return Math.min(1.0, summary.achievedRate() / summary.targetRate());
        }
        return null;
    }

    private static RatioOfSums ratio(List<double[]> units) {
        return new RatioOfSums(units.stream().mapToDouble(unit -> unit[0]).toArray(),
                units.stream().mapToDouble(unit -> unit[1]).toArray());
    }

    /**
     * One run's units.
     *
     * @param latency  interval buckets, for a latency
     * @param ratio    numerator and denominator per unit, for the other figures
     * @param requests the requests they hold
     * @param fellBack true when the log had no tried-to-end and intended-to-end was read
     * @param beyondFloor true when the log's beyond-floor intervals were read
     * @param fromCost true when CPU came from the run's cost, not its samples
     * @param missing  why the run has no units, or null
     */
    private record Units(List<PooledMedian.Buckets> latency, List<double[]> ratio, long requests, boolean fellBack,
                         boolean beyondFloor, boolean fromCost, String missing) {

        static Units none(String why) {
            return new Units(List.of(), List.of(), 0, false, false, false, why);
        }
    }

    private static Units latency(Path runDir, Repetition repetition, double waitMillis) throws IOException {
        LoadSummary.Files files = repetition.summary().files();
        Path hlog = runDir.resolve(repetition.dir()).resolve(files != null && files.hlog() != null ? files.hlog() : "latency.hlog");
        if (!java.nio.file.Files.isRegularFile(hlog)) {
            return Units.none("no interval log");
        }
        // The run's beyond-floor intervals keep the microsecond where tried->end at 1,000 ms resolves
        // only half a millisecond; they hold tried->end less the floor, so only what the wait exceeds
        // the floor by (nothing, when the floor is the wait) is left to take off.
        Double floorMs = repetition.summary().latencyFloorMs();
        List<Histogram> beyond = floorMs != null && floorMs > 0 && floorMs <= waitMillis ? intervals(hlog, BEYOND_FLOOR) : List.of();
        boolean beyondFloor = beyond.stream().anyMatch(interval -> interval.getTotalCount() > 0);
        List<Histogram> tried = beyondFloor ? beyond : intervals(hlog, TRIED_TO_END);
        boolean fellBack = tried.isEmpty();
        List<Histogram> intervals = fellBack ? intervals(hlog, INTENDED_TO_END) : tried;
        double subtract = beyondFloor ? waitMillis - floorMs : waitMillis;
        List<PooledMedian.Buckets> units = new ArrayList<>();
        long requests = 0;
        for (Histogram interval : intervals) {
            if (interval.getTotalCount() > 0) {
                units.add(LatencyBuckets.of(interval, subtract));
                requests += interval.getTotalCount();
            }
        }
        if (units.isEmpty()) {
            return Units.none("its interval log holds no latency");
        }
        return new Units(units, List.of(), requests, fellBack, beyondFloor, false, null);
    }

    /** The intervals tagged {@code tag}, in order. */
    public static List<Histogram> intervals(Path hlog, String tag) throws IOException {
        List<Histogram> intervals = new ArrayList<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (tag.equals(next.getTag()) && next instanceof Histogram histogram) {
                    intervals.add(histogram);
                }
            }
        } catch (RuntimeException corrupt) {
            // HdrHistogram reports a damaged log with unchecked exceptions.
            throw new IOException(hlog.getFileName() + " is not a readable interval log (" + corrupt.getClass().getSimpleName() + ")", corrupt);
        }
        return intervals;
    }

    private static Units cpu(Path runDir, Repetition repetition) throws IOException {
        List<TargetSamplesCsv.Interval> intervals = TargetSamplesCsv.read(runDir.resolve(repetition.dir())
                .resolve(TargetSamplesCsv.FILE_NAME)).intervals();
        if (!intervals.isEmpty()) {
            List<double[]> units = new ArrayList<>();
            long requests = 0;
            for (TargetSamplesCsv.Interval interval : intervals) {
                units.add(new double[] {interval.cpuMicros(), interval.completed()});
                requests += interval.completed();
            }
            if (requests > 0) {
                return new Units(List.of(), units, requests, false, false, false, null);
            }
        }
        TargetCost cost = repetition.cost();
        if (cost != null && cost.cpuMicrosPerRequest() != null && cost.requests() > 0) {
            return new Units(List.of(), List.<double[]>of(new double[] {cost.cpuMicrosPerRequest() * cost.requests(), cost.requests()}),
                    cost.requests(), false, false, true, null);
        }
        return Units.none("no CPU figure (neither target-samples.csv nor the run's cost)");
    }

    /** Every scenario run's runs that feed it, for counting. */
    static long feedingCount(List<Repetition> repetitions) {
        return repetitions.stream().map(EvidenceReader::notFeeding).filter(Objects::isNull).count();
    }
}
