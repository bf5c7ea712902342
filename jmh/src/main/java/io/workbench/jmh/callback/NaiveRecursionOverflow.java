package io.workbench.jmh.callback;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.pattern.CompletionMix;
import io.workbench.iocore.callback.pattern.CompletionPattern;
import io.workbench.iocore.callback.pattern.PatternKind;
import io.workbench.iocore.callback.pattern.SimulatedChannel;
import io.workbench.iocore.callback.pattern.StackDepthProbe;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How many synchronously completing writes naive recursion survives before it overflows a
 * thread's stack: the depth at which the pattern the workbench argues against stops working.
 *
 * <p>Each attempt runs one task on a fresh thread of the given stack size (0: the JVM's default,
 * {@code -Xss} / {@code ThreadStackSize}), all writes completing inside the write call, so every
 * write nests inside the previous one. The search doubles the task until it overflows, then
 * bisects. Compiled frames are much smaller than interpreted ones, so the answer depends on
 * warm-up: {@link #main} reports both, the compiled figure (after warm-up, what a long-running
 * server sees; it varies by a few percent with the JIT's inlining decisions) and the interpreted
 * one (a child JVM with {@code -Xint}: what a cold server sees on its first requests).
 *
 * <pre>
 *   ./workbench jmh overflow            # default thread stack
 *   ./workbench jmh overflow 262144     # a 256 KB stack
 * </pre>
 */
public final class NaiveRecursionOverflow {

    /** The first argument of the child JVM that measures the interpreted figure. */
    private static final String INTERPRETED_CHILD = "--interpreted-child";

    /** Beyond this many writes the search gives up: no stack that large is worth reporting. */
    static final int LIMIT = 1 << 26;

    private NaiveRecursionOverflow() {
    }

    /** @return whether a task of {@code operations} synchronous writes overflows a thread of {@code stackBytes} */
    static boolean overflows(int operations, long stackBytes) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            try {
                runTask(operations);
            } catch (Throwable x) {
                thrown.set(x);
            }
        }, "naive-recursion-" + operations, stackBytes);
        thread.start();
        thread.join();
        Throwable failure = thrown.get();
        if (failure == null) {
            return false;
        }
        if (failure instanceof StackOverflowError) {
            return true;
        }
        throw new IllegalStateException("naive recursion of " + operations + " writes failed otherwise", failure);
    }

    private static void runTask(int operations) {
        SimulatedChannel channel = new SimulatedChannel(CompletionMix.allSynchronous(), null, StackDepthProbe.NONE);
        CompletionPattern naive = PatternKind.NAIVE_RECURSION.create(channel, Runnable::run);
        boolean[] completed = new boolean[1];
        naive.run(operations, Callback.from(
                () -> completed[0] = true,
                cause -> {
                    throw new IllegalStateException("a simulated write failed", cause);
                }));
        if (!completed[0] || channel.writes() != operations) {
            throw new IllegalStateException("task of " + operations + " writes did not complete: " + channel);
        }
    }

    /**
     * @return the fewest writes that overflowed a stack of {@code stackBytes}, or -1 if
     *         {@value #LIMIT} writes did not
     */
    static int firstOverflow(long stackBytes) throws InterruptedException {
        int fits = 0;
        int overflows = 1024;
        while (!overflows(overflows, stackBytes)) {
            fits = overflows;
            if (overflows >= LIMIT) {
                return -1;
            }
            overflows *= 2;
        }
        while (overflows - fits > 1) {
            int middle = fits + (overflows - fits) / 2;
            if (overflows(middle, stackBytes)) {
                overflows = middle;
            } else {
                fits = middle;
            }
        }
        return overflows;
    }

    /** Runs the pattern until the JIT has compiled its frames. */
    static void warmUp() {
        for (int i = 0; i < 20_000; i++) {
            runTask(512);
        }
    }

    /** @return the JVM's default thread stack size in bytes, as HotSpot reports it (-1 if unknown) */
    static long defaultStackBytes() {
        try {
            com.sun.management.HotSpotDiagnosticMXBean hotspot =
                    ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            return Long.parseLong(hotspot.getVMOption("ThreadStackSize").getValue()) * 1024;
        } catch (RuntimeException notHotSpot) {
            return -1;
        }
    }

    /**
     * {@code NaiveRecursionOverflow [stack bytes]}: the overflow depth when compiled (this JVM,
     * after warm-up) and when interpreted (a child JVM with {@code -Xint}, as in a cold server).
     */
    public static void main(String[] args) throws Exception {
        boolean childOnly = args.length > 0 && args[0].equals(INTERPRETED_CHILD);
        String[] rest = childOnly ? Arrays.copyOfRange(args, 1, args.length) : args;
        long stackBytes = 0;
        if (rest.length > 1) {
            exitWithUsage("too many arguments");
        } else if (rest.length == 1) {
            try {
                stackBytes = Long.parseLong(rest[0]);
            } catch (NumberFormatException e) {
                exitWithUsage("not a number of bytes: " + rest[0]);
            }
            if (stackBytes < 65_536) {
                exitWithUsage("a stack of " + stackBytes + " bytes is too small to measure; give at least 65536");
            }
        }
        if (childOnly) {
            System.out.println(describe(firstOverflow(stackBytes), stackBytes, "interpreted, -Xint"));
            return;
        }
        warmUp();
        System.out.println(describe(firstOverflow(stackBytes), stackBytes, "compiled, after warm-up"));
        System.out.println(interpretedInChildJvm(rest));
        System.out.println("(JDK " + Runtime.version() + "; a thread's stack also holds guard zones, so the"
                + " usable part is smaller than its size)");
    }

    private static String describe(int first, long stackBytes, String mode) {
        String stack = stackBytes > 0 ? "a " + stackBytes / 1024 + " KB stack"
                : "the default thread stack (" + defaultStackKilobytes() + ")";
        if (first < 0) {
            return String.format("naive recursion (%s): %,d synchronous writes did not overflow %s", mode, LIMIT, stack);
        }
        return String.format("naive recursion (%s) overflows %s at %,d synchronous writes; a task of 1024 writes %s",
                mode, stack, first, first > 1024 ? "fits" : "overflows");
    }

    private static String defaultStackKilobytes() {
        long bytes = defaultStackBytes();
        return bytes > 0 ? "ThreadStackSize " + bytes / 1024 + " KB" : "size unknown";
    }

    /** Runs the search again in a JVM that only interprets, on the same class path. */
    private static String interpretedInChildJvm(String[] args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xint",
                "-cp", System.getProperty("java.class.path"),
                NaiveRecursionOverflow.class.getName(), INTERPRETED_CHILD));
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (child.waitFor() != 0) {
            throw new IllegalStateException("the -Xint run failed: " + output);
        }
        return output;
    }

    private static void exitWithUsage(String problem) {
        System.err.println("overflow: " + problem);
        System.err.println("usage: ./workbench jmh overflow [stack bytes]   (default: the JVM's default thread stack)");
        System.exit(2);
    }
}
