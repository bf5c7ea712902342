package io.workbench.mainjob.suite;

import java.util.Arrays;
import java.util.Optional;

/**
 * The scenarios of the suite: the 2016 study's four ("Benchmarking High-Concurrency HTTP Servers
 * on the JVM"), a streaming one it did not have, and the study's overhead flood kept as an overload
 * test. What each sends is a {@link Preset}, chosen by the {@link Profile}; this enum only names
 * them and says what each asks of a server.
 */
public enum Scenario {

    CONCURRENCY_LEVEL("concurrency-level",
            "N requests started at once against a very long wait; the result is how many the target really "
                    + "started (its /stats in flight), and the errors"),
    SLOW_REQUESTS("slow-requests",
            "exponential arrivals at 1,000 req/s, each request waiting 1 s: a steady thousand in flight"),
    HIGH_CONCURRENCY("high-concurrency",
            "exponential arrivals at 10,000 req/s, each waiting 100 ms: OLTP-like requests under strong concurrency"),
    OVERHEAD("overhead",
            "no wait, exponential arrivals at one rate every target holds on one core (5,000 req/s): the CPU the server's "
                    + "HTTP stack spends per request; then the highest rate each sustains, found by a bounded search"),
    STREAM("stream",
            "1 MiB /stream responses at a fixed rate, open model: the non-blocking write path under back-pressure"),
    OVERLOAD("overload",
            "the study's overhead scenario as it ran: exponential arrivals at 100,000 req/s with no wait, beyond what one core "
                    + "holds; each target's achieved rate and latency under a flood");

    private final String cliName;
    private final String summary;

    Scenario(String cliName, String summary) {
        this.cliName = cliName;
        this.summary = summary;
    }

    public String cliName() {
        return cliName;
    }

    public String summary() {
        return summary;
    }

    public static Optional<Scenario> byName(String name) {
        return Arrays.stream(values()).filter(scenario -> scenario.cliName.equals(name)).findFirst();
    }

    public static String names() {
        return String.join(", ", Arrays.stream(values()).map(Scenario::cliName).toList());
    }

    @Override
    public String toString() {
        return cliName;
    }
}
