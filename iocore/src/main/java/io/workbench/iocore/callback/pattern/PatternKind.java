package io.workbench.iocore.callback.pattern;

import java.util.concurrent.Executor;

/** Every pattern by name, so that tests, benchmarks and the command line pick them the same way. */
public enum PatternKind {
    NAIVE_RECURSION {
        @Override
        public CompletionPattern create(SimulatedChannel channel, Executor dispatcher) {
            return new NaiveRecursion(channel);
        }
    },
    ALWAYS_DISPATCH {
        @Override
        public CompletionPattern create(SimulatedChannel channel, Executor dispatcher) {
            return new AlwaysDispatch(channel, dispatcher);
        }
    },
    DEPTH_COUNTED_RECURSION {
        @Override
        public CompletionPattern create(SimulatedChannel channel, Executor dispatcher) {
            return new DepthCountedRecursion(channel, dispatcher);
        }
    },
    PER_EVENT_BUDGET {
        @Override
        public CompletionPattern create(SimulatedChannel channel, Executor dispatcher) {
            return new PerEventBudget(channel, dispatcher);
        }
    },
    ITERATING_CALLBACK {
        @Override
        public CompletionPattern create(SimulatedChannel channel, Executor dispatcher) {
            return new IteratingWrites(channel);
        }
    };

    /**
     * @param channel    the channel the task writes to
     * @param dispatcher where patterns that hop threads send the next write (unused by the others)
     */
    public abstract CompletionPattern create(SimulatedChannel channel, Executor dispatcher);
}
