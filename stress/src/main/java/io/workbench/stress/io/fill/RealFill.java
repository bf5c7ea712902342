package io.workbench.stress.io.fill;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.FillInterest;

/**
 * The real FillInterest, driven through {@link FillUnderTest}. The build also copies this class
 * beside each generated copy of FillInterest (the control and every mutant), where the same code
 * drives the copy; so it names FillInterest only through its import (its Target included: the
 * test's endpoint comes in as {@link FillUnderTest.Endpoint}).
 */
final class RealFill implements FillUnderTest {

    private final FillInterest interest;

    RealFill(Endpoint endpoint) {
        this.interest = new FillInterest(endpoint::registerInterest);
    }

    @Override
    public void register(Callback callback) {
        interest.register(callback);
    }

    @Override
    public boolean fillable() {
        return interest.fillable();
    }

    @Override
    public boolean onFail(Throwable cause) {
        return interest.onFail(cause);
    }

    @Override
    public boolean isInterested() {
        return interest.isInterested();
    }
}
