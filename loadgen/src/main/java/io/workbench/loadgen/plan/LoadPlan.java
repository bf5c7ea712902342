package io.workbench.loadgen.plan;

import io.workbench.loadgen.connection.IdleOrder;
import io.workbench.loadgen.schedule.Arrivals;
import io.workbench.iocore.selector.DeadlineWait;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Everything one run is asked to do, checked: {@link io.workbench.loadgen.LoadCommand} builds it
 * from the command line, tests build it directly.
 *
 * @param command             the command line, stored in the summary
 * @param label               a free label stored in the summary, or null
 * @param url                 what to load
 * @param model               open, closed or all-at-once
 * @param rate                open model: requests per second (0 otherwise)
 * @param arrivals            open model: exponential or constant inter-arrival (null otherwise)
 * @param rampNanos           open model: the rate rises linearly from 0 to {@code rate} over this (0: no ramp)
 * @param concurrency         closed model: connections (0 otherwise)
 * @param allAtOnce           all-at-once: requests started together (0 otherwise)
 * @param requests            measured requests (0 when the run is timed)
 * @param durationNanos       length of the measured phase (0 when the run is counted)
 * @param warmupNanos         a phase before the measured one, same schedule, not recorded
 * @param seed                the schedule's seed
 * @param maxConnections      connections open (or opening) at most
 * @param idleOrder           which idle connection a request takes (most or least recently used)
 * @param preconnect          connections opened before the clock starts (all-at-once: at least those its requests need)
 * @param sourceAddresses     local addresses the connections are bound to in turn; empty: the kernel chooses
 * @param pipeline            requests in flight per connection
 * @param timeoutNanos        per-request timeout, from the send
 * @param connectTimeoutNanos how long a connect may take
 * @param lagLimitNanos       the generator's lateness p99 above this makes the run invalid (0: the lateness rule, the
 *                            larger of 1 ms and 1% of the run's intended->end median)
 * @param minRateFraction     achieved below this fraction of the scheduled rate makes the run invalid
 * @param deadlineWait        how the loops wait for an intended time closer than a millisecond (and how long they spin before it)
 * @param threads             generator loops, each a selector thread with its share of the schedule and its own connections
 * @param spreadLimitNanos    all-at-once: the most the generator may take from the intended instant to its last try
 * @param batchNanos          open model: the least time between two wakes of a loop for its schedule (0: a wake per arrival)
 * @param wakeSlackNanos      open model: while responses are flowing, how long after an arrival's time a loop's timer may
 *                            fire for it, a response waking the loop sooner (0: at its time)
 * @param connectAfterNanos   open model: how long a request waits for a connection to come back before one is opened for it
 * @param prime               requests in a closed loop before the clock starts, to compile the hot paths (0: none)
 * @param readBufferBytes     bytes of the direct buffer each loop reads responses into
 * @param latencyFloorNanos   tried->end is also recorded beyond this floor, the time the target was asked to take (0: not)
 * @param out                 the directory the files go to
 * @param progress            whether to print the progress line and final table on stderr
 * @param trace               whether every request carries its id to the target and the run joins the target's
 *                            stamps to its own ({@code --trace}; the target must trace too)
 */
public record LoadPlan(String command, String label, TargetUrl url, Model model, double rate, Arrivals arrivals,
                       long rampNanos, int concurrency, int allAtOnce, long requests, long durationNanos, long warmupNanos,
                       long seed, int maxConnections, IdleOrder idleOrder, int preconnect, List<String> sourceAddresses, int pipeline, long timeoutNanos,
                       long connectTimeoutNanos, long lagLimitNanos, double minRateFraction, DeadlineWait deadlineWait, int threads, long spreadLimitNanos, long batchNanos, long wakeSlackNanos, long connectAfterNanos, long prime, int readBufferBytes, long latencyFloorNanos, Path out,
                       boolean progress, boolean trace) {

    public LoadPlan {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(idleOrder, "idleOrder");
        Objects.requireNonNull(deadlineWait, "deadlineWait");
        sourceAddresses = List.copyOf(sourceAddresses);
        switch (model) {
            case OPEN -> {
                require(rate > 0, "the open model needs a rate above 0");
                Objects.requireNonNull(arrivals, "arrivals");
                require((requests > 0) != (durationNanos > 0), "an open run is counted (--requests) or timed (--duration), one of the two");
            }
            case CLOSED -> {
                require(concurrency > 0, "the closed model needs a concurrency above 0");
                require((requests > 0) != (durationNanos > 0), "a closed run is counted (--requests) or timed (--duration), one of the two");
            }
            case ALL_AT_ONCE -> {
                require(allAtOnce > 0, "all-at-once needs a count above 0");
                require(requests == 0 && durationNanos == 0 && warmupNanos == 0,
                        "all-at-once is its own count: no --requests, --duration or --warmup");
            }
        }
        require(maxConnections > 0, "--max-connections must be at least 1");
        require(preconnect >= 0 && preconnect <= maxConnections, "--preconnect must be within 0..--max-connections");
        require(pipeline >= 1 && pipeline <= 1024, "--pipeline must be within 1..1024");
        require(timeoutNanos > 0, "--timeout must be above 0");
        require(connectTimeoutNanos > 0, "--connect-timeout must be above 0");
        require(threads >= 1, "--threads must be at least 1");
        require(spreadLimitNanos > 0, "--spread-limit must be above 0");
        require(lagLimitNanos >= 0, "--lag-limit must be above 0");
        require(latencyFloorNanos >= 0, "--latency-floor must be 0 or more");
        require(batchNanos >= 0, "--batch must not be negative");
        require(wakeSlackNanos >= 0, "--wake-slack must not be negative");
        require(connectAfterNanos >= 0, "--connect-after must not be negative");
        require(prime >= 0, "--prime must not be negative");
        require(readBufferBytes >= MIN_READ_BUFFER && readBufferBytes <= MAX_READ_BUFFER, "--read-buffer must be within 4KiB..16MiB");
    }

    /** The least and the most {@code --read-buffer} may be: below a page a body takes too many reads; above 16 MiB it is only memory spent. */
    public static final int MIN_READ_BUFFER = 4 * 1024;
    public static final int MAX_READ_BUFFER = 16 * 1024 * 1024;

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
