package io.workbench.hyperfoil.export;

/**
 * How Hyperfoil divides a phase among its agents, so the export can say what each agent will do:
 * in proportion to each agent's threads (every agent has the benchmark's {@code threads} here). A
 * rate is divided as a real number ({@code rate * threads(i) / totalThreads}); a count such as
 * {@code maxSessions} or {@code sharedConnections} as whole numbers whose shares add up exactly:
 * agent {@code i} gets {@code floor(T(i+1) * n / total) - floor(T(i) * n / total)}, where
 * {@code T(i)} is the threads of the agents before it.
 */
public record AgentShares(int agents, int threadsPerAgent) {

    public AgentShares {
        if (agents < 1 || threadsPerAgent < 1) {
            throw new IllegalArgumentException("agents and threads must be at least 1");
        }
    }

    public double rate(double total, int agent) {
        return total * threadsPerAgent / (double) (agents * threadsPerAgent);
    }

    public long count(long total, int agent) {
        long totalThreads = (long) agents * threadsPerAgent;
        long before = (long) agent * threadsPerAgent;
        return (before + threadsPerAgent) * total / totalThreads - before * total / totalThreads;
    }
}
