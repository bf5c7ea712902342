package io.workbench.stress.client.queue;

import io.workbench.iocore.http.client.ExchangeQueueAccess;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.stress.client.queue.mutant.ExchangeQueueBug;
import io.workbench.stress.client.queue.mutant.ExchangeQueueMutant;
import io.workbench.stress.harness.Variant;

/**
 * The API of a client connection's exchange queue as the race tests drive it, which is the API
 * {@code HttpClientConnection} uses: iocore's {@code ExchangeQueue} (through
 * {@link ExchangeQueueAccess}, as it is package-private), or a mutant copy. Which one a VM creates
 * is chosen once, by {@link Variant}.
 */
interface QueueUnderTest {

    /** What this VM runs: the real ExchangeQueue unless the harness selected a copy. */
    Variant<ExchangeQueueBug> VARIANT = Variant.selected(ExchangeQueueBug.MACHINE, ExchangeQueueBug.class);

    /** A new queue of the selected variant. */
    static QueueUnderTest create(int maxInFlight) {
        if (VARIANT.isReal()) {
            ExchangeQueueAccess real = new ExchangeQueueAccess(maxInFlight);
            return new QueueUnderTest() {
                @Override
                public long claim(boolean last) {
                    return real.claim(last);
                }

                @Override
                public long shut() {
                    return real.shut();
                }

                @Override
                public void close(HttpClientException failure) {
                    real.close(failure);
                }

                @Override
                public boolean isClosed() {
                    return real.isClosed();
                }

                @Override
                public HttpClientException closeFailure() {
                    return real.closeFailure();
                }

                @Override
                public long claimed() {
                    return real.claimed();
                }

                @Override
                public long answered() {
                    return real.answered();
                }

                @Override
                public HttpExchange slot(long seq) {
                    return real.slot(seq);
                }

                @Override
                public String admission() {
                    return real.admission();
                }
            };
        }
        ExchangeQueueMutant copy = new ExchangeQueueMutant(maxInFlight, VARIANT.bug());
        return new QueueUnderTest() {
            @Override
            public long claim(boolean last) {
                return copy.claim(last);
            }

            @Override
            public long shut() {
                return copy.shut();
            }

            @Override
            public void close(HttpClientException failure) {
                copy.close(failure);
            }

            @Override
            public boolean isClosed() {
                return copy.isClosed();
            }

            @Override
            public HttpClientException closeFailure() {
                return copy.closeFailure();
            }

            @Override
            public long claimed() {
                return copy.claimed();
            }

            @Override
            public long answered() {
                return copy.answered();
            }

            @Override
            public HttpExchange slot(long seq) {
                return copy.slot(seq);
            }

            @Override
            public String admission() {
                return copy.admission();
            }
        };
    }

    /** @return the sequence number, or FULL, REFUSED_SHUT or REFUSED_CLOSED (negative) */
    long claim(boolean last);

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
