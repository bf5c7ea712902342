package io.workbench.fuzz;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Labelled counts a fuzz test keeps as it runs (the known differences it met, and how often); a campaign prints them at its end. */
public final class Tally {

    private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

    private Tally() {
    }

    public static void add(String label) {
        COUNTS.computeIfAbsent(label, k -> new LongAdder()).increment();
    }

    /** @return every label with its count, sorted by label */
    public static Map<String, Long> snapshot() {
        Map<String, Long> copy = new TreeMap<>();
        COUNTS.forEach((label, count) -> copy.put(label, count.sum()));
        return copy;
    }
}
