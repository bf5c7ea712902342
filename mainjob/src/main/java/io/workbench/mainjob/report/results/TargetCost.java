package io.workbench.mainjob.report.results;

/**
 * What a target process spent over one measured phase (never its warm-up or the generator's
 * priming): the cost behind a run's figures, per request the target completed in the phase. Read
 * from outside the target ({@code /proc/<pid>}) and from its {@code /stats} {@code jvm} member;
 * a figure that could not be read is null, never a guess.
 *
 * @param requests                      requests the target completed in the phase (its /stats, after minus before)
 * @param seconds                       the phase's wall time
 * @param cpuUserMicrosPerRequest       user CPU of every thread of the process, per request
 * @param cpuKernelMicrosPerRequest     kernel CPU of every thread of the process, per request
 * @param voluntarySwitchesPerRequest   voluntary context switches of the process's threads, per request
 * @param involuntarySwitchesPerRequest involuntary context switches of the process's threads, per request
 * @param switchesNote                  what the switch counts leave out (e.g. threads that ended in the phase), or null
 * @param peakThreads                   the most live threads during the phase
 * @param peakRssBytes                  the highest resident set during the phase
 * @param allocatedBytesPerRequest      bytes the JVM allocated on its heap over the phase, per request
 * @param gcPauses                      GC pauses that began in the phase
 * @param gcPauseMsTotal                their summed duration
 * @param gcPauseMsMax                  the longest of them
 * @param idleNeighboursCpuShare        the CPU the other targets of the group, idle on the same core, used over the
 *                                      phase, as a share of one core (what they took from the measured target), or
 *                                      null when it ran alone or they could not be read
 */
public record TargetCost(long requests, double seconds, Double cpuUserMicrosPerRequest, Double cpuKernelMicrosPerRequest,
                         Double voluntarySwitchesPerRequest, Double involuntarySwitchesPerRequest, String switchesNote,
                         Integer peakThreads, Long peakRssBytes, Double allocatedBytesPerRequest,
                         int gcPauses, double gcPauseMsTotal, double gcPauseMsMax, Double idleNeighboursCpuShare) {

    /** Without the idle neighbours' share (a target measured alone). */
    public TargetCost(long requests, double seconds, Double cpuUserMicrosPerRequest, Double cpuKernelMicrosPerRequest,
                      Double voluntarySwitchesPerRequest, Double involuntarySwitchesPerRequest, String switchesNote,
                      Integer peakThreads, Long peakRssBytes, Double allocatedBytesPerRequest,
                      int gcPauses, double gcPauseMsTotal, double gcPauseMsMax) {
        this(requests, seconds, cpuUserMicrosPerRequest, cpuKernelMicrosPerRequest, voluntarySwitchesPerRequest,
                involuntarySwitchesPerRequest, switchesNote, peakThreads, peakRssBytes, allocatedBytesPerRequest, gcPauses,
                gcPauseMsTotal, gcPauseMsMax, null);
    }

    /** User and kernel CPU per request together, or null when either is unknown. */
    public Double cpuMicrosPerRequest() {
        return cpuUserMicrosPerRequest == null || cpuKernelMicrosPerRequest == null ? null
                : cpuUserMicrosPerRequest + cpuKernelMicrosPerRequest;
    }
}
