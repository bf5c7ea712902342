package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.results.Environment;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the report records about the machine and the JDK, read from /proc and the running JVM. */
public final class MachineFacts {

    private MachineFacts() {
    }

    public static Environment environment(JvmLaunch launch, Pinning pinning, String network, long descriptorLimit) {
        return new Environment(hostname(), System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), cpuModel(), memoryBytes(),
                loadAverage(), null, System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("java.home"), launch.targetFlags(), launch.loadFlags(), pinning.record(), network,
                descriptorLimit);
    }

    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException unreadable) {
            return "n/a";
        }
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException unknown) {
            return "unknown";
        }
    }

    private static String cpuModel() {
        return firstValue(Path.of("/proc/cpuinfo"), "model name").orElse("unknown CPU");
    }

    private static long memoryBytes() {
        return firstValue(Path.of("/proc/meminfo"), "MemTotal")
                .map(value -> Long.parseLong(value.replace("kB", "").trim()) * 1024)
                .orElse(Runtime.getRuntime().maxMemory());
    }

    private static java.util.Optional<String> firstValue(Path file, String key) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.stream().filter(line -> line.startsWith(key)).findFirst()
                    .map(line -> line.substring(line.indexOf(':') + 1).trim());
        } catch (IOException | RuntimeException unreadable) {
            return java.util.Optional.empty();
        }
    }
}
