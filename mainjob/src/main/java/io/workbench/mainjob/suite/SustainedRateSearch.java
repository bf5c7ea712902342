package io.workbench.mainjob.suite;

import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;
import io.workbench.mainjob.report.Figures;
import io.workbench.mainjob.report.results.RateSearch;
import io.workbench.mainjob.report.results.Repetition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The overhead scenario's search for the highest open rate a target sustains: from the scenario's
 * fixed rate, doubling while it is sustained (never past the generator's measured reach, since
 * above it the generator's limit, not the target's, would be found), then halving the gap between
 * the highest rate sustained and the lowest not, until the gap is within {@link #RESOLUTION} or the
 * plan's steps are spent. A rate is sustained when the run's own verdict is valid, the target held
 * at least the plan's share of the schedule, and intended->end p99 stayed under its bound. When the
 * generator's own verdict (its CPU, its pacing) or its measured reach is what stopped the search, the
 * highest rate sustained is a lower bound: "at least R".
 *
 * <p>The rule is written here once, over what each step's run reports ({@link #judge}); the runs
 * themselves are made by the caller through {@link Step}.
 */
final class SustainedRateSearch {

    /** The search ends when the lowest rate not sustained is within 10% of the highest sustained. */
    static final double RESOLUTION = 1.10;
    /** Rates are asked in whole hundreds. */
    static final double ROUND_TO = 100;

    private final Preset.SearchPlan plan;
    private final double startRate;
    private final double reach;

    /**
     * @param startRate the first rate tried (the scenario's fixed rate)
     * @param reach     the highest open rate the generator measures here ({@link GeneratorReach})
     */
    SustainedRateSearch(Preset.SearchPlan plan, double startRate, double reach) {
        this.plan = plan;
        this.startRate = startRate;
        this.reach = reach;
    }

    /** Makes one step's run at {@code rate}; empty when no run could be made (an interruption, a target gone). */
    interface Step {
        Optional<Repetition> run(int step, double rate);
    }

    /** What one step's run showed: sustained or not, whether the generator stopped it, and why. */
    record Judged(boolean sustained, boolean generatorLimited, String why) {
    }

    RateSearch search(Step step) {
        List<RateSearch.Step> steps = new ArrayList<>();
        Double good = null;
        Double bad = null;
        boolean atLeast = false;
        String note = null;
        double rate = startRate;
        for (int number = 1; number <= plan.maxSteps(); number++) {
            Optional<Repetition> ran = step.run(number, rate);
            if (ran.isEmpty()) {
                note = "stopped before step " + number;
                break;
            }
            Judged judged = judge(ran.get(), rate);
            steps.add(new RateSearch.Step(rate, ran.get(), judged.sustained(), judged.why()));
            if (judged.generatorLimited()) {
                atLeast = good != null;
                note = "the generator's own verdict ended the search at " + rate(rate) + " req/s (" + judged.why() + ")"
                        + (good != null ? ": the target sustained at least " + rate(good) + " req/s" : "");
                break;
            }
            if (judged.sustained()) {
                good = rate;
            } else {
                bad = rate;
            }
            Double next = next(good, bad);
            if (next == null) {
                if (bad == null) {
                    atLeast = true;
                    note = "sustained at " + rate(good) + " req/s, the generator's measured reach here: at least that";
                } else if (good == null) {
                    note = "not sustained even at " + rate(rate) + " req/s";
                } else {
                    note = "sustained at " + rate(good) + " req/s, not at " + rate(bad) + " req/s";
                }
                break;
            }
            if (number == plan.maxSteps()) {
                note = "its " + plan.maxSteps() + " steps were spent: " + (good == null ? "no rate sustained"
                        : "sustained at " + rate(good) + " req/s" + (bad == null ? "" : ", not at " + rate(bad) + " req/s"));
                atLeast = good != null && bad == null;
            }
            rate = next;
        }
        return new RateSearch(plan.latencyBoundMs(), plan.minHeldShare(), steps, good, atLeast, note);
    }

    /** The next rate, or null when the search is over (resolved, at the reach, or nothing left below). */
    Double next(Double good, Double bad) {
        if (bad == null) {
            double up = Math.min(roundTo(good * 2), reach);
            return up > good ? up : null;
        }
        if (good == null) {
            double down = roundTo(bad / 2);
            return down >= ROUND_TO && down < bad ? down : null;
        }
        if (bad / good <= RESOLUTION) {
            return null;
        }
        double middle = roundTo((good + bad) / 2);
        return middle > good && middle < bad ? middle : null;
    }

    /** The rule applied to one step's run at {@code rate}. */
    Judged judge(Repetition run, double rate) {
        if (!run.measured()) {
            return new Judged(false, false, run.failure() != null ? run.failure() : "no summary");
        }
        RunVerdict verdict = run.verdict();
        if (!verdict.valid()) {
            boolean generator = verdict.limitedBy() == Limit.GENERATOR_CPU || verdict.limitedBy() == Limit.GENERATOR_PACING;
            return new Judged(false, generator, verdict.label());
        }
        LoadSummary summary = run.summary();
        Double p99 = summary.latency() != null && summary.latency().intendedToEnd() != null ? summary.latency().intendedToEnd().p99Ms() : null;
        Double held = heldShare(summary);
        if (held != null && held < plan.minHeldShare()) {
            return new Judged(false, false, String.format(Locale.ROOT, "held %.1f%% of the schedule (%.0f%% needed)", held * 100,
                    plan.minHeldShare() * 100));
        }
        if (p99 == null) {
            return new Judged(false, false, "no latency recorded");
        }
        if (p99 > plan.latencyBoundMs()) {
            return new Judged(false, false, String.format(Locale.ROOT, "p99 %.2f ms over the %.0f ms bound", p99, plan.latencyBoundMs()));
        }
        return new Judged(true, false, String.format(Locale.ROOT, "p99 %.2f ms, held %s", p99,
                held == null ? "(not reported)" : String.format(Locale.ROOT, "%.1f%%", held * 100)));
    }

    /**
     * The share of the schedule the target held: the generator's own figure where it reports one
     * ({@code targetFellBehind.heldShare}), else the achieved rate over the rate the run's schedule
     * asked for over its measured phase, as its verdict read it ({@code validity.evidence.achievedFraction}:
     * replayed from the seed, so a short exponential schedule kept up with scores 1).
     */
    static Double heldShare(LoadSummary summary) {
        if (summary.targetFellBehind() != null && summary.targetFellBehind().heldShare() != null) {
            return summary.targetFellBehind().heldShare();
        }
        LoadSummary.Validity validity = summary.validity();
        return validity != null && validity.evidence() != null ? validity.evidence().achievedFraction() : null;
    }

    private static double roundTo(double rate) {
        return Math.max(ROUND_TO, Math.round(rate / ROUND_TO) * ROUND_TO);
    }

    private static String rate(double rate) {
        return Figures.count(Math.round(rate));
    }
}
