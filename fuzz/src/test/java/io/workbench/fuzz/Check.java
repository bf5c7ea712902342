package io.workbench.fuzz;

import java.util.function.Supplier;

/** The fuzz tests' assertions: cheap when they hold (the message is built only when one fails). */
final class Check {

    private Check() {
    }

    static void that(boolean condition, Supplier<String> message) {
        if (!condition) {
            throw new AssertionError(message.get());
        }
    }

    static void fail(String message) {
        throw new AssertionError(message);
    }
}
