package io.workbench.stress.client.exchange;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpExchangeAccess;
import io.workbench.stress.client.RecordingListener;
import io.workbench.stress.client.exchange.mutant.HttpExchangeBug;
import io.workbench.stress.client.exchange.mutant.HttpExchangeMutant;
import io.workbench.stress.harness.Variant;

/**
 * The life of one exchange slot as the race tests drive it, which is how the connection and its
 * queue drive it: iocore's {@link HttpExchange} (through {@link HttpExchangeAccess}, as these calls
 * are package-private), or a mutant copy. Which one a VM creates is chosen once, by {@link Variant}.
 */
interface ExchangeUnderTest {

    /** What this VM runs: the real HttpExchange unless the harness selected a copy. */
    Variant<HttpExchangeBug> VARIANT = Variant.selected(HttpExchangeBug.MACHINE, HttpExchangeBug.class);

    /** A fresh slot of the selected variant, holding no request. */
    static ExchangeUnderTest create() {
        if (VARIANT.isReal()) {
            HttpExchange real = HttpExchangeAccess.newSlot();
            return new ExchangeUnderTest() {
                @Override
                public void prepare(long seq, RecordingListener listener) {
                    HttpExchangeAccess.prepare(real, seq, listener);
                }

                @Override
                public void publish(long seq) {
                    HttpExchangeAccess.publish(real, seq);
                }

                @Override
                public boolean isActive(long seq) {
                    return HttpExchangeAccess.isActive(real, seq);
                }

                @Override
                public boolean succeed(long seq) {
                    return HttpExchangeAccess.succeed(real, seq);
                }

                @Override
                public boolean fail(long seq, HttpClientException cause) {
                    return HttpExchangeAccess.fail(real, seq, cause);
                }

                @Override
                public boolean isSucceeded() {
                    return real.isSucceeded();
                }

                @Override
                public HttpClientException failure() {
                    return real.failure();
                }
            };
        }
        HttpExchangeMutant copy = new HttpExchangeMutant(VARIANT.bug());
        return new ExchangeUnderTest() {
            @Override
            public void prepare(long seq, RecordingListener listener) {
                copy.prepare(listener);
            }

            @Override
            public void publish(long seq) {
                copy.publish(seq);
            }

            @Override
            public boolean isActive(long seq) {
                return copy.isActive(seq);
            }

            @Override
            public boolean succeed(long seq) {
                return copy.succeed(seq);
            }

            @Override
            public boolean fail(long seq, HttpClientException cause) {
                return copy.fail(seq, cause);
            }

            @Override
            public boolean isSucceeded() {
                return copy.isSucceeded();
            }

            @Override
            public HttpClientException failure() {
                return copy.failure();
            }
        };
    }

    /** The claiming thread fills the slot for request {@code seq}; it owns the slot until it publishes. */
    void prepare(long seq, RecordingListener listener);

    void publish(long seq);

    boolean isActive(long seq);

    /** The reader ends request {@code seq} with its response, unless something else ended it first. */
    boolean succeed(long seq);

    /** Ends request {@code seq} with {@code cause}, unless something else ended it first. */
    boolean fail(long seq, HttpClientException cause);

    boolean isSucceeded();

    HttpClientException failure();
}
