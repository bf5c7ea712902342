package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.Figures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Which targets run at the same time. Every target of a group is started at once and stays up for
 * all of the group's scenarios, each round measuring each of them once, so that the machine's drift
 * between fast and slow states falls on all of them alike; targets are compared within their group
 * only. A group is as large as fits in memory: each target's heap (its {@code -Xmx}, fixed and not
 * touched up front, so it grows to what the target uses) plus {@link #NATIVE_BYTES} for what a JVM
 * holds outside its heap, against the memory available when the run starts, less the generator's
 * heap and a reserve. A run whose targets all fit is one group.
 *
 * @param groups  the targets by group, in the order listed, sizes differing by at most one
 * @param perGroup the most targets a group may hold
 * @param reason  one sentence for the report: the figures the size came from
 */
public record TargetGroups(List<List<TargetId>> groups, int perGroup, String reason) {

    /** What a JVM holds besides its heap: metaspace, code cache, thread stacks, direct buffers. */
    static final long NATIVE_BYTES = 512L << 20;
    /** Kept for the runner, the page cache and the system. */
    static final long RESERVE_BYTES = 1L << 30;

    public TargetGroups {
        groups = groups.stream().map(List::copyOf).toList();
    }

    /**
     * @param targets        the run's targets, in order
     * @param heapBytes      each target's heap
     * @param generatorBytes the generator's heap and its own native memory
     * @param availableBytes memory available now, or empty when unknown (every target in one group)
     */
    public static TargetGroups of(List<TargetId> targets, long heapBytes, long generatorBytes, OptionalLong availableBytes) {
        long perTarget = heapBytes + NATIVE_BYTES;
        if (availableBytes.isEmpty()) {
            return new TargetGroups(targets.isEmpty() ? List.of() : List.of(targets), Math.max(1, targets.size()),
                    "the memory available could not be read: every target at once");
        }
        long room = availableBytes.getAsLong() - generatorBytes - RESERVE_BYTES;
        int fit = (int) Math.max(1, Math.min(Integer.MAX_VALUE, room / perTarget));
        int count = targets.isEmpty() ? 0 : (targets.size() + fit - 1) / fit;
        List<List<TargetId>> groups = new ArrayList<>();
        int from = 0;
        for (int g = 0; g < count; g++) {
            // Sizes as even as they go: the first groups take the remainder.
            int size = targets.size() / count + (g < targets.size() % count ? 1 : 0);
            groups.add(targets.subList(from, from + size));
            from += size;
        }
        String reason = String.format(Locale.ROOT, "%d target(s) of %s each (a %s heap and %s outside it) fit at once in the %s "
                        + "available (%s, less %s for the generator and %s kept back)",
                fit, gib(perTarget), gib(heapBytes), gib(NATIVE_BYTES), gib(room), gib(availableBytes.getAsLong()), gib(generatorBytes),
                gib(RESERVE_BYTES));
        return new TargetGroups(groups, fit, reason);
    }

    /** True when the run's targets do not all run at once. */
    public boolean split() {
        return groups.size() > 1;
    }

    /** The kernel's estimate of the memory a new process can have without swapping ({@code MemAvailable}). */
    public static OptionalLong availableMemory() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) {
                    return OptionalLong.of(Long.parseLong(line.substring("MemAvailable:".length()).replace("kB", "").trim()) * 1024);
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // Not Linux: unknown.
        }
        return OptionalLong.empty();
    }

    /** The heap the flags give (the last {@code -Xmx}), or {@code fallback} when none does. */
    public static long heapBytes(List<String> flags, long fallback) {
        long heap = fallback;
        for (String flag : flags) {
            if (flag.startsWith("-Xmx")) {
                heap = parseSize(flag.substring(4), heap);
            } else if (flag.startsWith("-XX:MaxHeapSize=")) {
                heap = parseSize(flag.substring("-XX:MaxHeapSize=".length()), heap);
            }
        }
        return heap;
    }

    private static long parseSize(String text, long fallback) {
        if (text.isEmpty()) {
            return fallback;
        }
        char unit = Character.toLowerCase(text.charAt(text.length() - 1));
        long factor = switch (unit) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> 1;
        };
        try {
            return Long.parseLong(Character.isDigit(unit) ? text : text.substring(0, text.length() - 1)) * factor;
        } catch (NumberFormatException garbled) {
            return fallback;
        }
    }

    private static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }

    @Override
    public String toString() {
        return "TargetGroups[" + groups.size() + " of at most " + perGroup + ": " + Figures.count(groups.stream().mapToInt(List::size).sum())
                + " targets]";
    }
}
