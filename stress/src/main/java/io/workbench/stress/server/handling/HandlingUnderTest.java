package io.workbench.stress.server.handling;

import io.workbench.iocore.http.server.HandlingState;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.server.handling.mutant.HandlingBug;
import io.workbench.stress.server.handling.mutant.HandlingStateMutant;

/**
 * The API of the server connection's handling state as the race tests drive it, which is the API
 * the connection uses: iocore's {@link HandlingState}, or a mutant copy. Which one a VM creates is
 * chosen once, by {@link Variant}.
 */
interface HandlingUnderTest {

    /** What this VM runs: the real HandlingState unless the harness selected a copy. */
    Variant<HandlingBug> VARIANT = Variant.selected(HandlingBug.MACHINE, HandlingBug.class);

    /** A new handling state of the selected variant, IDLE. */
    static HandlingUnderTest create() {
        if (VARIANT.isReal()) {
            HandlingState real = new HandlingState();
            return new HandlingUnderTest() {
                @Override
                public void dispatch() {
                    real.dispatch();
                }

                @Override
                public boolean handled() {
                    return real.handled();
                }

                @Override
                public boolean completed() {
                    return real.completed();
                }

                @Override
                public int get() {
                    return real.get();
                }
            };
        }
        HandlingStateMutant copy = new HandlingStateMutant(VARIANT.bug());
        return new HandlingUnderTest() {
            @Override
            public void dispatch() {
                copy.dispatch();
            }

            @Override
            public boolean handled() {
                return copy.handled();
            }

            @Override
            public boolean completed() {
                return copy.completed();
            }

            @Override
            public int get() {
                return copy.get();
            }
        };
    }

    void dispatch();

    boolean handled();

    boolean completed();

    /** One of HandlingState's states. */
    int get();
}
