package io.workbench.mainjob.report.results;

/**
 * How many requests the concurrency-level scenario may start at once here, and why.
 *
 * @param studyRequests   what the 2016 study started at once (54,000)
 * @param requested       what the profile asked for
 * @param cap             what the run used: the request, lowered to what the descriptor limits allow
 * @param descriptorLimit the hard open-files limit per process
 * @param reserve         descriptors kept for everything else a JVM holds open (jars, logs, the
 *                        listening socket, the /stats probes)
 * @param explanation     one sentence for the report: the limit, where it comes from, what it caps
 */
public record ConcurrencyCap(long studyRequests, long requested, long cap, long descriptorLimit, long reserve,
                             String explanation) {

    public boolean capped() {
        return cap < requested;
    }
}
