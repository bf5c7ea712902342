package io.workbench.stress.thread;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.thread.mutant.ProducerBug;
import java.lang.invoke.MethodHandle;

/**
 * The API of the execution strategies' producer state as the race tests drive it, which is the
 * API the strategies use: iocore's ProducerState through {@link RealProducer}, or a generated copy
 * (the control or a mutant) through RealProducer's twin beside it. Which one a VM creates is chosen
 * once, by {@link Variant}. Public, as the twins live in other packages.
 */
public interface ProducerUnderTest {

    /** What this VM runs: the real ProducerState unless the harness selected a copy. */
    Variant<ProducerBug> VARIANT = Variant.selected(ProducerBug.MACHINE, ProducerBug.class);

    /** The constructor of RealProducer's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealProducer.class);

    /** A new producer state of the selected variant. */
    static ProducerUnderTest create() {
        if (VARIANT.isReal()) {
            return new RealProducer();
        }
        try {
            return (ProducerUnderTest) COPY.invoke();
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    boolean tryProduce();

    boolean tryIdle();

    void handOff();

    void resumeHandedOff();

    /** The state word: one of ProducerState's phases, possibly with its REPRODUCE flag. */
    int get();
}
