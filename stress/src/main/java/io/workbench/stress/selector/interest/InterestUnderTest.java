package io.workbench.stress.selector.interest;

import io.workbench.iocore.selector.EndPointWords;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.selector.interest.mutant.InterestBug;
import io.workbench.stress.selector.interest.mutant.InterestWordMutant;

/**
 * The interest word as the race tests drive it, through the calls {@code SocketChannelEndPoint}
 * makes: iocore's {@link EndPointWords}, or a mutant copy. Which one a VM creates is chosen once,
 * by {@link Variant}.
 */
interface InterestUnderTest {

    /** What this VM runs: the real interest word unless the harness selected a copy. */
    Variant<InterestBug> VARIANT = Variant.selected(InterestBug.MACHINE, InterestBug.class);

    /** A new interest word of the selected variant: no ops, no update pending. */
    static InterestUnderTest create() {
        if (VARIANT.isReal()) {
            return new Real();
        }
        InterestWordMutant copy = new InterestWordMutant(VARIANT.bug());
        return new InterestUnderTest() {
            @Override
            public boolean add(int op) {
                return copy.addInterest(op);
            }

            @Override
            public void selected(int ready) {
                copy.takeReady(ready);
            }

            @Override
            public int update() {
                return copy.takeUpdate();
            }

            @Override
            public int word() {
                return copy.word();
            }
        };
    }

    /** changeInterests(op), any thread: @return true if the caller must submit the update action */
    boolean add(int op);

    /** onSelected, the selector: the key was selected with {@code ready}. */
    void selected(int ready);

    /** updateKey, the selector: @return the ops the key must get */
    int update();

    /** The word: ops and UPDATE_PENDING. */
    int word();

    /** The real word: the endpoint's own superclass, with nothing else of the endpoint. */
    final class Real extends EndPointWords implements InterestUnderTest {
        @Override
        public boolean add(int op) {
            return addInterest(op);
        }

        @Override
        public void selected(int ready) {
            takeReady(ready);
        }

        @Override
        public int update() {
            return takeUpdate();
        }

        @Override
        public int word() {
            return interestWord();
        }
    }
}
