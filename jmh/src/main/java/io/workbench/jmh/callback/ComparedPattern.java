package io.workbench.jmh.callback;

import io.workbench.iocore.callback.pattern.CompletionPattern;
import io.workbench.iocore.callback.pattern.PatternKind;
import io.workbench.iocore.callback.pattern.SimulatedChannel;
import java.util.concurrent.Executor;

/**
 * Every pattern the benchmarks compare: iocore's five ({@link PatternKind}) and Jetty's own
 * {@code IteratingCallback} as the reference. A JMH {@code @Param} sweeps over these names.
 */
public enum ComparedPattern {
    NAIVE_RECURSION(PatternKind.NAIVE_RECURSION),
    ALWAYS_DISPATCH(PatternKind.ALWAYS_DISPATCH),
    DEPTH_COUNTED_RECURSION(PatternKind.DEPTH_COUNTED_RECURSION),
    PER_EVENT_BUDGET(PatternKind.PER_EVENT_BUDGET),
    ITERATING_CALLBACK(PatternKind.ITERATING_CALLBACK),
    JETTY_ITERATING_CALLBACK(null);

    /** iocore's pattern of that name; null for Jetty's, which lives in this module. */
    private final PatternKind iocore;

    ComparedPattern(PatternKind iocore) {
        this.iocore = iocore;
    }

    /**
     * @param channel    the channel the task writes to
     * @param dispatcher where the patterns that hop threads send the next write (unused by the others)
     */
    public CompletionPattern create(SimulatedChannel channel, Executor dispatcher) {
        return iocore != null ? iocore.create(channel, dispatcher) : new JettyIteratingWrites(channel);
    }
}
