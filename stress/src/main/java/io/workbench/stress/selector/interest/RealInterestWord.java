package io.workbench.stress.selector.interest;

import io.workbench.iocore.selector.EndPointWords;

/**
 * The real interest word: the endpoint's own superclass, with nothing else of the endpoint, driven
 * through {@link InterestUnderTest}. The build also copies this class beside each generated copy of
 * EndPointWords for this machine (the control and every mutant), where the same code drives the
 * copy; so it names EndPointWords only through its import.
 */
final class RealInterestWord extends EndPointWords implements InterestUnderTest {

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
