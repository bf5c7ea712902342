package io.workbench.loadgen.connection;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * The process's file descriptor limit (the soft {@code ulimit -n}) and how many descriptors are
 * open, read once at start: the default connection cap is what is left of the limit after those
 * and a reserve for the files, selectors and pipes the run itself opens.
 *
 * @param limit         the most descriptors the process may hold, or -1 where it cannot be read
 * @param openAtStart   descriptors open when it was read, or -1
 */
public record DescriptorLimit(long limit, long openAtStart) {

    /** Descriptors kept back for the run's own files, selectors and wake-up pipes. */
    public static final int RESERVE = 100;
    /** The cap where the limit cannot be read. */
    public static final int UNKNOWN_LIMIT_CAP = 1_000;

    public static DescriptorLimit read() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof UnixOperatingSystemMXBean unix) {
            return new DescriptorLimit(unix.getMaxFileDescriptorCount(), unix.getOpenFileDescriptorCount());
        }
        return new DescriptorLimit(-1, -1);
    }

    /** @return the connections this process can open: the limit less what is open and the reserve (at least 1) */
    public int connectionsAllowed() {
        if (limit < 0) {
            return UNKNOWN_LIMIT_CAP;
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, limit - openAtStart - RESERVE));
    }
}
