package io.workbench.mainjob.report.results;

import java.util.List;

/**
 * Where and how a run was measured: the machine, the JDK, the JVM flags and the pinning, all
 * recorded so that two runs can be judged comparable or not.
 *
 * @param hostname          the machine's name
 * @param os                kernel and architecture
 * @param cpus              CPUs the runner could use
 * @param cpuModel          the first CPU's model name
 * @param memoryBytes       total memory
 * @param loadAverageStart  /proc/loadavg's 1, 5 and 15 minute figures when the run started
 * @param loadAverageEnd    the same when it ended
 * @param jdk               the JDK every JVM of the run used (vendor and version)
 * @param javaHome          its home
 * @param targetJvmFlags    the target JVMs' flags (the GC log option per target added to them)
 * @param loadJvmFlags      the load generator JVMs' flags
 * @param pinning           which CPUs the target and the generator were pinned to, or why not
 * @param network           {@code loopback} or {@code netns}, and how
 * @param descriptorLimit   the open-files limit every process of the run had (hard limit)
 */
public record Environment(String hostname, String os, int cpus, String cpuModel, long memoryBytes,
                          String loadAverageStart, String loadAverageEnd, String jdk, String javaHome,
                          List<String> targetJvmFlags, List<String> loadJvmFlags, Pinning pinning,
                          String network, long descriptorLimit) {

    /**
     * @param pinned     true when {@code taskset} pinned the processes
     * @param targetCpus the target's CPU list (taskset -c), or null
     * @param loadCpus   the generator's CPU list, or null
     * @param note       why, in one line
     */
    public record Pinning(boolean pinned, String targetCpus, String loadCpus, String note) {
    }

    public Environment withLoadAverageEnd(String end) {
        return new Environment(hostname, os, cpus, cpuModel, memoryBytes, loadAverageStart, end, jdk, javaHome,
                targetJvmFlags, loadJvmFlags, pinning, network, descriptorLimit);
    }
}
