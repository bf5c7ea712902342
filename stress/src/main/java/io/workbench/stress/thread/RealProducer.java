package io.workbench.stress.thread;

import io.workbench.iocore.thread.ProducerState;

/**
 * The real ProducerState, driven through {@link ProducerUnderTest}. The build also copies this
 * class beside each generated copy of ProducerState (the control and every mutant), where the same
 * code drives the copy; so it names ProducerState only through its import.
 */
final class RealProducer implements ProducerUnderTest {

    private final ProducerState state = new ProducerState();

    @Override
    public boolean tryProduce() {
        return state.tryProduce();
    }

    @Override
    public boolean tryIdle() {
        return state.tryIdle();
    }

    @Override
    public void handOff() {
        state.handOff();
    }

    @Override
    public void resumeHandedOff() {
        state.resumeHandedOff();
    }

    @Override
    public int get() {
        return state.get();
    }
}
