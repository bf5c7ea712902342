package io.workbench.mainjob.suite.proc;

/**
 * The whole process's figures from {@code /proc/<pid>/stat} and {@code /proc/<pid>/status} at one
 * moment. CPU is the process's own accounting, every thread's, ended threads' included, in the
 * kernel's clock ticks (10 ms where {@code CLK_TCK} is 100) turned into nanoseconds.
 *
 * @param cpuUserNanos   user CPU of all its threads since it started
 * @param cpuKernelNanos kernel CPU of all its threads since it started
 * @param threads        threads alive now
 * @param residentBytes  resident set now ({@code VmRSS})
 * @param peakResidentBytes the highest resident set since start or since the peak was last reset ({@code VmHWM}), or -1
 */
public record ProcessStat(long cpuUserNanos, long cpuKernelNanos, int threads, long residentBytes, long peakResidentBytes) {
}
