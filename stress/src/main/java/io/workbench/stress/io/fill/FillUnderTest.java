package io.workbench.stress.io.fill;

import io.workbench.iocore.callback.Callback;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.io.fill.mutant.FillInterestBug;
import java.lang.invoke.MethodHandle;

/**
 * The API of a fill interest as the race tests drive it, which is the API an endpoint uses:
 * iocore's FillInterest through {@link RealFill}, or a generated copy (the control or a mutant)
 * through RealFill's twin beside it. Which one a VM creates is chosen once, by {@link Variant}.
 * Public, as the twins live in other packages.
 */
public interface FillUnderTest {

    /** What this VM runs: the real FillInterest unless the harness selected a copy. */
    Variant<FillInterestBug> VARIANT = Variant.selected(FillInterestBug.MACHINE, FillInterestBug.class);

    /** The constructor of RealFill's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealFill.class, Endpoint.class);

    /** A new fill interest of the selected variant over {@code endpoint}. */
    static FillUnderTest create(Endpoint endpoint) {
        if (VARIANT.isReal()) {
            return new RealFill(endpoint);
        }
        try {
            return (FillUnderTest) COPY.invoke(endpoint);
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /** What the fill interest needs from its endpoint: FillInterest.Target's method, for the real class and every copy. */
    @FunctionalInterface
    interface Endpoint {
        void registerInterest() throws Exception;
    }

    void register(Callback callback);

    boolean fillable();

    boolean onFail(Throwable cause);

    boolean isInterested();
}
