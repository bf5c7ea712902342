package io.workbench.loadgen.loop;

import io.workbench.loadgen.schedule.ArrivalSchedule;

/** Makes the workloads a {@link GeneratorLoop} runs, for the run that drives the loops. */
public final class Workloads {

    private Workloads() {
    }

    /**
     * A loop's share of an open (or all-at-once) schedule, offsets counted from {@code startNanos};
     * the loop's timer wakes it for the schedule at most once per {@code batchNanos}, and while
     * responses are flowing up to {@code slackNanos} after an arrival's time (a response that wakes
     * it sooner sends what is due); a connect is started for a request that has waited
     * {@code connectAfterNanos} for a connection.
     */
    public static LoopWorkload open(GeneratorLoop loop, ArrivalSchedule share, long startNanos, long batchNanos, long slackNanos,
                                    long connectAfterNanos) {
        return new OpenArrivals(loop, share, startNanos, batchNanos, slackNanos, connectAfterNanos);
    }

    /**
     * A loop's share of a closed run.
     *
     * @param requests measured requests to send (0: timed by {@code endNanos} alone)
     * @param endNanos when it stops sending ({@link Long#MAX_VALUE}: never by time)
     */
    public static LoopWorkload closed(GeneratorLoop loop, int connections, int pipeline, long requests, long endNanos) {
        return new ClosedConnections(loop, connections, pipeline, requests, endNanos);
    }

    /** Opens {@code connections} connections and leaves them idle. */
    public static LoopWorkload preconnect(GeneratorLoop loop, int connections) {
        return new Preconnect(loop, connections);
    }
}
