package io.workbench.loadgen.run;

import java.lang.management.ManagementFactory;

/** The process's CPU time, as the JVM reads it from the kernel. */
final class Cpu {

    private Cpu() {
    }

    /** @return nanoseconds of CPU the process has used, every thread and the kernel's share included (0 where unreadable) */
    static long processNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
