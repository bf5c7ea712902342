package io.workbench.stress.thread;

import io.workbench.iocore.thread.ProducerState;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.thread.mutant.ProducerBug;
import io.workbench.stress.thread.mutant.ProducerStateMutant;

/**
 * The API of the execution strategies' producer state as the race tests drive it, which is the
 * API the strategies use: iocore's {@link ProducerState}, or a mutant copy. Which one a VM creates
 * is chosen once, by {@link Variant}.
 */
interface ProducerUnderTest {

    /** What this VM runs: the real ProducerState unless the harness selected a copy. */
    Variant<ProducerBug> VARIANT = Variant.selected(ProducerBug.MACHINE, ProducerBug.class);

    /** A new producer state of the selected variant. */
    static ProducerUnderTest create() {
        if (VARIANT.isReal()) {
            ProducerState real = new ProducerState();
            return new ProducerUnderTest() {
                @Override
                public boolean tryProduce() {
                    return real.tryProduce();
                }

                @Override
                public boolean tryIdle() {
                    return real.tryIdle();
                }

                @Override
                public void handOff() {
                    real.handOff();
                }

                @Override
                public void resumeHandedOff() {
                    real.resumeHandedOff();
                }

                @Override
                public int get() {
                    return real.get();
                }
            };
        }
        ProducerStateMutant copy = new ProducerStateMutant(VARIANT.bug());
        return new ProducerUnderTest() {
            @Override
            public boolean tryProduce() {
                return copy.tryProduce();
            }

            @Override
            public boolean tryIdle() {
                return copy.tryIdle();
            }

            @Override
            public void handOff() {
                copy.handOff();
            }

            @Override
            public void resumeHandedOff() {
                copy.resumeHandedOff();
            }

            @Override
            public int get() {
                return copy.get();
            }
        };
    }

    boolean tryProduce();

    boolean tryIdle();

    void handOff();

    void resumeHandedOff();

    /** The state word: one of ProducerState's phases, possibly with its REPRODUCE flag. */
    int get();
}
