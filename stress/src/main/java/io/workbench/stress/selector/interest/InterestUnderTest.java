package io.workbench.stress.selector.interest;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.selector.interest.mutant.InterestBug;
import java.lang.invoke.MethodHandle;

/**
 * The interest word as the race tests drive it, through the calls {@code SocketChannelEndPoint}
 * makes: iocore's EndPointWords through {@link RealInterestWord}, or a generated copy (the control
 * or a mutant) through RealInterestWord's twin beside it. Which one a VM creates is chosen once, by
 * {@link Variant}. Public, as the twins live in other packages.
 */
public interface InterestUnderTest {

    /** What this VM runs: the real interest word unless the harness selected a copy. */
    Variant<InterestBug> VARIANT = Variant.selected(InterestBug.MACHINE, InterestBug.class);

    /** The constructor of RealInterestWord's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealInterestWord.class);

    /** A new interest word of the selected variant: no ops, no update pending. */
    static InterestUnderTest create() {
        if (VARIANT.isReal()) {
            return new RealInterestWord();
        }
        try {
            return (InterestUnderTest) COPY.invoke();
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /** changeInterests(op), any thread: @return true if the caller must submit the update action */
    boolean add(int op);

    /** onSelected, the selector: the key was selected with {@code ready}. */
    void selected(int ready);

    /** updateKey, the selector: @return the ops the key must get */
    int update();

    /** The word: ops and UPDATE_PENDING. */
    int word();
}
