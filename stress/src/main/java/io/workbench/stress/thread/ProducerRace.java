package io.workbench.stress.thread;

import io.workbench.iocore.thread.ProducerState;
import java.util.function.BooleanSupplier;

/**
 * One jcstress iteration of a race on the producer state: a state of the variant this VM runs
 * ({@link ProducerUnderTest#create}), driven as the execution strategies drive it, with no
 * producer behind it. Every call returns what the outcome shows: what it returned, {@code ok},
 * or the name of the exception it threw (a mutant's transition check, a state not owned).
 */
public final class ProducerRace {

    private final ProducerUnderTest state = ProducerUnderTest.create();

    /** A thread asks to produce (ExecutionStrategy.produce()). */
    public String tryProduce() {
        return call(state::tryProduce);
    }

    /** The owner found nothing to produce and wants to stop. */
    public String tryIdle() {
        return call(state::tryIdle);
    }

    /** The owner gives production to a spare thread (AdaptiveExecutionStrategy). */
    public String handOff() {
        return run(state::handOff);
    }

    /** The thread production was handed to takes it, or the owner takes it back when no thread took it. */
    public String resumeHandedOff() {
        return run(state::resumeHandedOff);
    }

    /** @return the state word's name, e.g. {@code PRODUCING+REPRODUCE} */
    public String state() {
        return ProducerState.name(state.get());
    }

    private static String run(Runnable call) {
        try {
            call.run();
            return "ok";
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }

    private static String call(BooleanSupplier call) {
        try {
            return String.valueOf(call.getAsBoolean());
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }
}
