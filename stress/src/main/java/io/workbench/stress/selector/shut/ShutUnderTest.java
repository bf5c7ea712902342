package io.workbench.stress.selector.shut;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.selector.shut.mutant.ShutBug;
import java.lang.invoke.MethodHandle;

/**
 * The shut word as the race tests drive it, through the calls {@code SocketChannelEndPoint} makes:
 * iocore's EndPointWords through {@link RealShutWord}, or a generated copy (the control or a
 * mutant) through RealShutWord's twin beside it. Which one a VM creates is chosen once, by
 * {@link Variant}. Public, as the twins live in other packages.
 */
public interface ShutUnderTest {

    /** What this VM runs: the real shut word unless the harness selected a copy. */
    Variant<ShutBug> VARIANT = Variant.selected(ShutBug.MACHINE, ShutBug.class);

    /** The constructor of RealShutWord's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealShutWord.class);

    /** A new shut word of the selected variant: open. */
    static ShutUnderTest create() {
        if (VARIANT.isReal()) {
            return new RealShutWord();
        }
        try {
            return (ShutUnderTest) COPY.invoke();
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /** fill() read -1: @return true if the caller must close */
    boolean endOfInput();

    /** shutdownOutput(): @return the name of the EndPointWords.OutputShut constant that says what the caller must do */
    String outputShutdown();

    /** close(): @return true if this call closes the channel */
    boolean tryClose();

    /** The word: INPUT_SHUT, OUTPUT_SHUT, CLOSED bits. */
    int word();
}
