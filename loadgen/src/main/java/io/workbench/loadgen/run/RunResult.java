package io.workbench.loadgen.run;

import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.verdict.TargetPace;
import io.workbench.loadgen.verdict.Verdict;

/**
 * What one run did, once it is over (nothing in flight): everything summary.json, the percentile
 * files and the final table are made from, in named parts.
 *
 * @param plan        what was asked
 * @param clock       the run's start and measured start
 * @param timing      when it ended, how long the measured phase was, whether it was interrupted or could not start
 * @param measured    the measured phase's counts, with the arrivals that came due
 * @param warmup      the warm-up's
 * @param rates       the rates asked for, kept and achieved
 * @param connections what the run's connections came to
 * @param cost        what the generator spent
 * @param latencies   the measured phase's latency distributions, one per kind
 * @param verdict     valid or not, and what limited it
 * @param targetPace  whether the target kept up with the schedule (judged for a valid run only)
 */
public record RunResult(LoadPlan plan, RunClock clock, RunTiming timing, PhaseCounts measured, PhaseCounts warmup, RunRates rates,
                        ConnectionFacts connections, GeneratorCost cost, Latencies latencies, Verdict verdict, TargetPace targetPace) {

    public boolean valid() {
        return verdict.valid();
    }

    public boolean interrupted() {
        return timing.interrupted();
    }

    /** @return why the run could not start, or null */
    public String failure() {
        return timing.failure();
    }

    /** @return true if every request that was sent ended exactly one way, in both phases */
    public boolean accountingHolds() {
        return measured.accountingHolds() && warmup.accountingHolds();
    }
}
