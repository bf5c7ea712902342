package io.workbench.stress.client.queue;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.stress.client.queue.mutant.ExchangeQueueBug;
import io.workbench.stress.harness.Variant;
import java.lang.invoke.MethodHandle;

/**
 * The API of a client connection's exchange queue as the race tests drive it, which is the API
 * {@code HttpClientConnection} uses: iocore's package-private ExchangeQueue through
 * {@link RealQueue}, or a generated copy (the control or a mutant) through RealQueue's twin beside
 * it. Which one a VM creates is chosen once, by {@link Variant}. Public, as the twins live in
 * other packages.
 */
public interface QueueUnderTest {

    /** What this VM runs: the real ExchangeQueue unless the harness selected a copy. */
    Variant<ExchangeQueueBug> VARIANT = Variant.selected(ExchangeQueueBug.MACHINE, ExchangeQueueBug.class);

    /** The constructor of RealQueue's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealQueue.class, int.class);

    /** A new queue of the selected variant, of real slots. */
    static QueueUnderTest create(int maxInFlight) {
        if (VARIANT.isReal()) {
            return new RealQueue(maxInFlight);
        }
        try {
            return (QueueUnderTest) COPY.invoke(maxInFlight);
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /** @return the sequence number, or FULL, REFUSED_SHUT or REFUSED_CLOSED (negative) */
    long claim(boolean last);

    /** @return the name of the refusal a negative {@link #claim} returned: FULL, REFUSED_SHUT or REFUSED_CLOSED */
    String refusal(long seq);

    long shut();

    void close(HttpClientException failure);

    boolean isClosed();

    HttpClientException closeFailure();

    long claimed();

    long answered();

    HttpExchange slot(long seq);

    /** @return OPEN, SHUT or CLOSED */
    String admission();
}
