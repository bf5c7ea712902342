package io.workbench.mainjob.findings;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Synthetic runs built the way the main job's look: rounds, each measuring every target once,
 * with a drift of the machine shared by every target of the round (a slow round is slow for all);
 * each target's run in a round its own small deviation besides (what a repetition moves by); each
 * run a few one-second intervals, recorded in microseconds in an HdrHistogram of three significant
 * digits as the generator records them and read back as the report reads an interval log; each
 * request's time beyond the wait log-normal around the target's median, and now and then a stall
 * (a GC pause, the core taken away) that delays every request arriving during it until it ends:
 * the heavy tail of a real run.
 *
 * @param rounds      rounds per trial
 * @param intervals   one-second intervals per run
 * @param requests    requests per interval
 * @param medianMs    the reference target's median time beyond the wait
 * @param spread      the log-normal's sigma of one request's time
 * @param drift       sigma of the machine's drift per round, shared by all targets
 * @param runNoise    sigma of one target's own deviation per run
 * @param stallChance the chance that an interval holds a stall
 * @param stallMeanMs a stall's mean length (exponential)
 * @param waitMs      the fixed wait recorded with every value (and subtracted when read)
 */
record SyntheticRounds(int rounds, int intervals, int requests, double medianMs, double spread, double drift,
                       double runNoise, double stallChance, double stallMeanMs, double waitMs) {

    /**
     * The quick profile's shape: 3 rounds of 5 one-second intervals at 1,000 requests/s; a 10% drift
     * per round, a 1% deviation per run, a stall averaging 20 ms in one interval of twenty; no wait,
     * so the log resolves the figure to a microsecond.
     */
    static SyntheticRounds quick() {
        return new SyntheticRounds(3, 5, 1_000, 0.5, 0.5, 0.10, 0.01, 0.05, 20, 0);
    }

    SyntheticRounds withWait(double wait) {
        return new SyntheticRounds(rounds, intervals, requests, medianMs, spread, drift, runNoise, stallChance, stallMeanMs, wait);
    }

    SyntheticRounds withMedian(double median) {
        return new SyntheticRounds(rounds, intervals, requests, median, spread, drift, runNoise, stallChance, stallMeanMs, waitMs);
    }

    SyntheticRounds withRounds(int count) {
        return new SyntheticRounds(count, intervals, requests, medianMs, spread, drift, runNoise, stallChance, stallMeanMs, waitMs);
    }

    SyntheticRounds withRunNoise(double noise) {
        return new SyntheticRounds(rounds, intervals, requests, medianMs, spread, drift, noise, stallChance, stallMeanMs, waitMs);
    }

    SyntheticRounds withStalls(double chance, double meanMs) {
        return new SyntheticRounds(rounds, intervals, requests, medianMs, spread, drift, runNoise, chance, meanMs, waitMs);
    }

    /** One target's runs: per round, per interval, its buckets (as read from a log) and its sum of times beyond the wait. */
    record TargetRuns(List<List<PooledMedian.Buckets>> buckets, List<List<double[]>> sums) {

        /** The sample a comparison draws from, with the median as the figure. */
        RoundedSample median() {
            List<PooledMedian.Buckets> units = new ArrayList<>();
            buckets.forEach(units::addAll);
            return RoundedSample.consecutive(PooledMedian.of(units), roundNumbers(), buckets.stream().map(List::size).toList());
        }

        /** The same requests with the mean as the figure: each interval's sum over its count. */
        RoundedSample mean() {
            List<double[]> units = new ArrayList<>();
            sums.forEach(units::addAll);
            double[] numerators = units.stream().mapToDouble(unit -> unit[0]).toArray();
            double[] denominators = units.stream().mapToDouble(unit -> unit[1]).toArray();
            return RoundedSample.consecutive(new RatioOfSums(numerators, denominators), roundNumbers(),
                    sums.stream().map(List::size).toList());
        }

        private List<Integer> roundNumbers() {
            List<Integer> numbers = new ArrayList<>();
            for (int round = 1; round <= buckets.size(); round++) {
                numbers.add(round);
            }
            return numbers;
        }
    }

    /** One trial: every target measured in every round, each target's median a multiple of the reference's. */
    List<TargetRuns> trial(SplittableRandom random, double... factors) {
        double[] drifts = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            drifts[round] = Math.exp(drift * random.nextGaussian());
        }
        Histogram micros = new Histogram(1, 3_600_000_000L, 3);
        List<TargetRuns> targets = new ArrayList<>();
        for (double factor : factors) {
            List<List<PooledMedian.Buckets>> buckets = new ArrayList<>();
            List<List<double[]>> sums = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                double runMedian = medianMs * factor * drifts[round] * Math.exp(runNoise * random.nextGaussian());
                List<PooledMedian.Buckets> runBuckets = new ArrayList<>();
                List<double[]> runSums = new ArrayList<>();
                for (int interval = 0; interval < intervals; interval++) {
                    micros.reset();
                    double sum = interval(random, runMedian, micros);
                    runBuckets.add(LatencyBuckets.of(micros, waitMs));
                    runSums.add(new double[] {sum, requests});
                }
                buckets.add(runBuckets);
                sums.add(runSums);
            }
            targets.add(new TargetRuns(buckets, sums));
        }
        return targets;
    }

    /** Records one interval's requests (wait included) into {@code micros}; returns their summed time beyond the wait, ms. */
    private double interval(SplittableRandom random, double runMedianMs, Histogram micros) {
        double stallStart = -1;
        double stallEnd = -1;
        if (random.nextDouble() < stallChance) {
            stallStart = random.nextDouble() * 1000;
            stallEnd = stallStart - Math.log(1 - random.nextDouble()) * stallMeanMs;
        }
        double sum = 0;
        for (int i = 0; i < requests; i++) {
            double arrival = i * 1000.0 / requests;
            double ms = runMedianMs * Math.exp(spread * random.nextGaussian());
            if (arrival >= stallStart && arrival < stallEnd) {
                ms += stallEnd - arrival;
            }
            long recorded = Math.max(1, Math.round((waitMs + ms) * 1000));
            micros.recordValue(recorded);
            sum += ms;
        }
        return sum;
    }
}
