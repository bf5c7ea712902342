package io.workbench.stress.client.exchange;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.stress.client.RecordingListener;
import io.workbench.stress.client.exchange.mutant.HttpExchangeBug;
import io.workbench.stress.harness.Variant;
import java.lang.invoke.MethodHandle;

/**
 * The life of one exchange slot as the race tests drive it, which is how the connection and its
 * queue drive it: iocore's HttpExchange through {@link RealExchange} (these calls are
 * package-private), or a generated copy (the control or a mutant) through RealExchange's twin
 * beside it. Which one a VM creates is chosen once, by {@link Variant}. Public, as the twins live
 * in other packages.
 */
public interface ExchangeUnderTest {

    /** What this VM runs: the real HttpExchange unless the harness selected a copy. */
    Variant<HttpExchangeBug> VARIANT = Variant.selected(HttpExchangeBug.MACHINE, HttpExchangeBug.class);

    /** The constructor of RealExchange's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealExchange.class);

    /** A fresh slot of the selected variant, holding no request. */
    static ExchangeUnderTest create() {
        if (VARIANT.isReal()) {
            return new RealExchange();
        }
        try {
            return (ExchangeUnderTest) COPY.invoke();
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
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
