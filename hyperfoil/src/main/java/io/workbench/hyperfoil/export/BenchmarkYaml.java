package io.workbench.hyperfoil.export;

import java.util.List;
import java.util.Locale;

/**
 * Writes a {@link BenchmarkPlan} as a Hyperfoil benchmark (YAML, Hyperfoil 0.25's syntax): the
 * agents, the HTTP target with its shared connections, and the phases in order, each after the one
 * before ({@code startAfter}). The text is written directly rather than through a YAML library so
 * that its layout and comments are the ones a reader of Hyperfoil's documentation expects.
 */
public final class BenchmarkYaml {

    private BenchmarkYaml() {
    }

    public static String render(BenchmarkPlan plan, List<String> headerComments) {
        StringBuilder y = new StringBuilder();
        for (String comment : headerComments) {
            y.append("# ").append(comment).append('\n');
        }
        if (!plan.agents().isEmpty()) {
            AgentShares shares = new AgentShares(plan.agents().size(), plan.threads() == null ? 1 : plan.threads());
            y.append("# Hyperfoil divides every phase among the agents in proportion to their threads:\n");
            for (int i = 0; i < plan.agents().size(); i++) {
                y.append("#   ").append(plan.agents().get(i).name()).append(": ");
                if (plan.measured().open()) {
                    y.append(number(shares.rate(plan.measured().rate(), i))).append(" req/s, maxSessions ")
                            .append(shares.count(plan.measured().maxSessions(), i)).append(", ");
                } else {
                    y.append(shares.count(plan.measured().users(), i)).append(" users at once, ");
                }
                y.append("sharedConnections ").append(shares.count(plan.sharedConnections(), i)).append('\n');
            }
        }
        y.append("name: ").append(plan.name()).append('\n');
        if (!plan.agents().isEmpty()) {
            y.append("agents:\n");
            for (Agent agent : plan.agents()) {
                y.append("  ").append(agent.name()).append(": ").append(quote(agent.host())).append('\n');
            }
        }
        if (plan.threads() != null) {
            y.append("threads: ").append(plan.threads()).append('\n');
        }
        y.append("http:\n");
        y.append("  host: ").append(plan.target()).append('\n');
        y.append("  sharedConnections: ").append(plan.sharedConnections()).append('\n');
        y.append("phases:\n");
        String previous = null;
        if (plan.warmup() != null) {
            BenchmarkPlan.Warmup warmup = plan.warmup();
            y.append("- ").append(warmup.name()).append(":\n");
            if (warmup.open()) {
                y.append("    # the measured phase's arrivals, not measured\n");
                y.append("    constantRate:\n");
                openModel(y, warmup.rate(), plan.measured());
            } else {
                y.append("    # closed model: each user sends its next request when its last one ended\n");
                y.append("    always:\n");
                y.append("      users: ").append(warmup.users()).append('\n');
            }
            y.append("      duration: ").append(warmup.durationMillis()).append("ms\n");
            y.append("      isWarmup: true\n");
            scenario(y, plan);
            previous = warmup.name();
        }
        BenchmarkPlan.MeasuredPhase measured = plan.measured();
        y.append("- ").append(measured.name()).append(":\n");
        if (measured.open()) {
            y.append("    # open model: arrivals at the rate whatever the responses do; variance: exponential gaps\n");
            y.append("    constantRate:\n");
            if (previous != null) {
                y.append("      startAfter: ").append(previous).append('\n');
            }
            openModel(y, measured.rate(), measured);
            y.append("      duration: ").append(measured.durationMillis()).append("ms\n");
        } else {
            y.append("    # every request started at once\n");
            y.append("    atOnce:\n");
            if (previous != null) {
                y.append("      startAfter: ").append(previous).append('\n');
            }
            y.append("      users: ").append(measured.users()).append('\n');
        }
        if (measured.repetitions() > 1) {
            y.append("      # the repetitions: the phase run again, each iteration once the one before has ended\n");
            y.append("      maxIterations: ").append(measured.repetitions()).append('\n');
        }
        scenario(y, plan);
        return y.toString();
    }

    private static void openModel(StringBuilder y, double rate, BenchmarkPlan.MeasuredPhase measured) {
        y.append("      usersPerSec: ").append(number(rate)).append('\n');
        y.append("      variance: ").append(measured.exponential()).append('\n');
        y.append("      maxSessions: ").append(measured.maxSessions()).append('\n');
        if (measured.continueWhenSessionsRunOut()) {
            // Not Hyperfoil's default (FAIL, which aborts the run): the arrivals it could not start show as a lower achieved rate.
            y.append("      sessionLimitPolicy: CONTINUE\n");
        }
    }

    private static void scenario(StringBuilder y, BenchmarkPlan plan) {
        y.append("      scenario:\n");
        y.append("      - request:\n");
        y.append("        - httpRequest:\n");
        y.append("            GET: ").append(quote(plan.path())).append('\n');
        y.append("            timeout: ").append(plan.timeoutMillis()).append("ms\n");
    }

    private static String quote(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.3f", value);
    }
}
