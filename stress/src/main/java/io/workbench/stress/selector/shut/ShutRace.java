package io.workbench.stress.selector.shut;

import io.workbench.iocore.selector.EndPointWords;
import io.workbench.iocore.selector.EndPointWords.OutputShut;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One jcstress iteration of a race on the shut word: a word of the variant this VM runs
 * ({@link ShutUnderTest#create}) with a model of {@code SocketChannelEndPoint}'s three uses of it
 * (end of input, {@code shutdownOutput()}, {@code close()}) in which shutting the channel's output
 * and closing the channel are counted instead of done.
 *
 * <p>{@link #settle()} reports {@code closes=N outputShutdowns=M word=ISHUT+OSHUT+CLOSED}: the
 * channel must be closed exactly once when it is closed at all, its output shut at most once, and
 * the word keeps every bit any thread set.
 */
public final class ShutRace {

    private final ShutUnderTest word = ShutUnderTest.create();
    private final AtomicInteger closes = new AtomicInteger();
    private final AtomicInteger outputShutdowns = new AtomicInteger();

    /** fill() read -1: the input is shut; if the output was, the endpoint closes. */
    public void endOfInput() {
        if (word.endOfInput()) {
            close();
        }
    }

    /** shutdownOutput(): shuts the channel's output once, and closes if the input was shut. */
    public void shutdownOutput() {
        OutputShut todo = OutputShut.valueOf(word.outputShutdown());
        if (todo == OutputShut.NOTHING) {
            return;
        }
        outputShutdowns.incrementAndGet();
        if (todo == OutputShut.SHUT_OUTPUT_THEN_CLOSE) {
            close();
        }
    }

    /** close(): the call that sets CLOSED closes the channel. */
    public void close() {
        if (word.tryClose()) {
            closes.incrementAndGet();
        }
    }

    /** @return {@code closes=N outputShutdowns=M word=...} with every bit of the word */
    public String settle() {
        return "closes=" + closes.get() + " outputShutdowns=" + outputShutdowns.get() + " word=" + bits(word.word());
    }

    private static String bits(int word) {
        StringJoiner names = new StringJoiner("+");
        if ((word & EndPointWords.INPUT_SHUT) != 0) {
            names.add("ISHUT");
        }
        if ((word & EndPointWords.OUTPUT_SHUT) != 0) {
            names.add("OSHUT");
        }
        if ((word & EndPointWords.CLOSED) != 0) {
            names.add("CLOSED");
        }
        return names.length() == 0 ? "OPEN" : names.toString();
    }
}
