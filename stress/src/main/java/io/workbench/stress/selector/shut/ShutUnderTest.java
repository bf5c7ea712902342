package io.workbench.stress.selector.shut;

import io.workbench.iocore.selector.EndPointWords;
import io.workbench.iocore.selector.EndPointWords.OutputShut;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.selector.shut.mutant.ShutBug;
import io.workbench.stress.selector.shut.mutant.ShutWordMutant;

/**
 * The shut word as the race tests drive it, through the calls {@code SocketChannelEndPoint} makes:
 * iocore's {@link EndPointWords}, or a mutant copy. Which one a VM creates is chosen once, by
 * {@link Variant}.
 */
interface ShutUnderTest {

    /** What this VM runs: the real shut word unless the harness selected a copy. */
    Variant<ShutBug> VARIANT = Variant.selected(ShutBug.MACHINE, ShutBug.class);

    /** A new shut word of the selected variant: open. */
    static ShutUnderTest create() {
        if (VARIANT.isReal()) {
            return new Real();
        }
        ShutWordMutant copy = new ShutWordMutant(VARIANT.bug());
        return new ShutUnderTest() {
            @Override
            public boolean endOfInput() {
                return copy.shutInput();
            }

            @Override
            public OutputShut outputShutdown() {
                return copy.shutOutput();
            }

            @Override
            public boolean tryClose() {
                return copy.markClosed();
            }

            @Override
            public int word() {
                return copy.word();
            }
        };
    }

    /** fill() read -1: @return true if the caller must close */
    boolean endOfInput();

    /** shutdownOutput(): @return what the caller must do */
    OutputShut outputShutdown();

    /** close(): @return true if this call closes the channel */
    boolean tryClose();

    /** The word: INPUT_SHUT, OUTPUT_SHUT, CLOSED bits. */
    int word();

    /** The real word: the endpoint's own superclass, with nothing else of the endpoint. */
    final class Real extends EndPointWords implements ShutUnderTest {
        @Override
        public boolean endOfInput() {
            return shutInput();
        }

        @Override
        public OutputShut outputShutdown() {
            return shutOutput();
        }

        @Override
        public boolean tryClose() {
            return markClosed();
        }

        @Override
        public int word() {
            return shutWord();
        }
    }
}
