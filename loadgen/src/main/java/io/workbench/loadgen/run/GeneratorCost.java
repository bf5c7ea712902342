package io.workbench.loadgen.run;

/**
 * What the generator spent.
 *
 * @param threads             its loops
 * @param pacing              how its loops waited for an intended time, as the summary names it ({@code alarm}, {@code select+spin50us}...)
 * @param cpuSeconds          the process's CPU time over the whole run (warm-up included; JVM start-up and priming excluded)
 * @param wallSeconds         the run's wall time over the same span
 * @param measuredCpuSeconds  the process's CPU time over the measured phase alone (its start to the end of its last request)
 * @param measuredWallSeconds the measured phase's wall time over the same span
 * @param loopBusyShare       over the measured phase, the share of the time the busiest loop was working (not blocked, not spinning)
 * @param loopSpinShare       over the measured phase, the share the same loop spent spinning for a deadline (on the CPU, with nothing to do)
 * @param loopCpuShare        over the measured phase, the busiest loop's own threads' CPU time per second (see
 *                            {@link io.workbench.loadgen.loop.LoopCpu}), the reporter's included when it shares their cores
 * @param priming             what priming did before the clock started
 */
public record GeneratorCost(int threads, String pacing, double cpuSeconds, double wallSeconds, double measuredCpuSeconds,
                            double measuredWallSeconds, Double loopBusyShare, Double loopSpinShare, Double loopCpuShare,
                            PrimingOutcome priming) {

    /** @return cpuSeconds over wallSeconds, in percent of one core */
    public double cpuPercentOfOneCore() {
        return wallSeconds > 0 ? 100 * cpuSeconds / wallSeconds : 0;
    }
}
