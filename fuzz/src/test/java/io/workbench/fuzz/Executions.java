package io.workbench.fuzz;

import java.util.concurrent.atomic.LongAdder;

/** How many inputs the fuzz tests of this JVM have run; a campaign's progress line reads it. */
public final class Executions {

    private static final LongAdder COUNT = new LongAdder();

    private Executions() {
    }

    static void count() {
        COUNT.increment();
    }

    public static long total() {
        return COUNT.sum();
    }
}
