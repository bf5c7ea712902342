package io.workbench.stress.io.fill;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.FillInterest;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.io.fill.mutant.FillInterestBug;
import io.workbench.stress.io.fill.mutant.FillInterestMutant;

/**
 * The API of a fill interest as the race tests drive it, which is the API an endpoint uses:
 * iocore's {@link FillInterest}, or a mutant copy. Which one a VM creates is chosen once, by
 * {@link Variant}.
 */
interface FillUnderTest {

    /** What this VM runs: the real FillInterest unless the harness selected a copy. */
    Variant<FillInterestBug> VARIANT = Variant.selected(FillInterestBug.MACHINE, FillInterestBug.class);

    /** A new fill interest of the selected variant over {@code target}. */
    static FillUnderTest create(FillInterest.Target target) {
        if (VARIANT.isReal()) {
            FillInterest real = new FillInterest(target);
            return new FillUnderTest() {
                @Override
                public void register(Callback callback) {
                    real.register(callback);
                }

                @Override
                public boolean fillable() {
                    return real.fillable();
                }

                @Override
                public boolean onFail(Throwable cause) {
                    return real.onFail(cause);
                }

                @Override
                public boolean isInterested() {
                    return real.isInterested();
                }
            };
        }
        FillInterestMutant copy = new FillInterestMutant(VARIANT.bug(), target);
        return new FillUnderTest() {
            @Override
            public void register(Callback callback) {
                copy.register(callback);
            }

            @Override
            public boolean fillable() {
                return copy.fillable();
            }

            @Override
            public boolean onFail(Throwable cause) {
                return copy.onFail(cause);
            }

            @Override
            public boolean isInterested() {
                return copy.isInterested();
            }
        };
    }

    void register(Callback callback);

    boolean fillable();

    boolean onFail(Throwable cause);

    boolean isInterested();
}
