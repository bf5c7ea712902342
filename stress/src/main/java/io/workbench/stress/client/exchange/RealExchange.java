package io.workbench.stress.client.exchange;

import io.workbench.iocore.http.client.HttpClientConnection;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.iocore.http.client.HttpResponseListener;
import io.workbench.stress.client.ExchangeSlots;
import io.workbench.stress.client.RecordingListener;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * One real HttpExchange slot, driven through {@link ExchangeUnderTest} with the calls the client
 * connection and its queue make. Those calls are package-private to iocore, and stress puts no
 * class in iocore's package: this reaches them with a private lookup (the class path allows it;
 * iocore is not a named module), through static final method handles that the JIT treats as
 * constants. The request fields a test does not look at get fixed values.
 *
 * <p>The build also copies this class beside each generated copy of HttpExchange (the control and
 * every mutant), where HttpExchange names the copy, so the same code drives the copy the same way.
 */
final class RealExchange implements ExchangeUnderTest {

    private static final HttpRequest REQUEST = HttpRequest.get("/");

    private static final MethodHandle NEW;
    private static final MethodHandle PREPARE;
    private static final MethodHandle PUBLISH;
    private static final MethodHandle IS_ACTIVE;
    private static final MethodHandle SUCCEED;
    private static final MethodHandle FAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(HttpExchange.class, MethodHandles.lookup());
            NEW = lookup.findConstructor(HttpExchange.class, MethodType.methodType(void.class, HttpClientConnection.class));
            PREPARE = lookup.findVirtual(HttpExchange.class, "prepare", MethodType.methodType(void.class,
                    long.class, HttpRequest.class, HttpResponseListener.class, long.class, long.class, long.class));
            PUBLISH = lookup.findVirtual(HttpExchange.class, "publish", MethodType.methodType(void.class, long.class));
            IS_ACTIVE = lookup.findVirtual(HttpExchange.class, "isActive", MethodType.methodType(boolean.class, long.class));
            SUCCEED = lookup.findVirtual(HttpExchange.class, "succeed", MethodType.methodType(boolean.class, long.class, long.class));
            FAIL = lookup.findVirtual(HttpExchange.class, "fail",
                    MethodType.methodType(boolean.class, long.class, HttpClientException.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A fresh slot that holds no request, as the exchange queue preallocates them (no connection behind it). */
    private final HttpExchange slot;

    RealExchange() {
        try {
            this.slot = (HttpExchange) NEW.invokeExact((HttpClientConnection) null);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public void prepare(long seq, RecordingListener listener) {
        try {
            PREPARE.invokeExact(slot, seq, REQUEST, (HttpResponseListener) listener, seq, 0L, 0L);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public void publish(long seq) {
        try {
            PUBLISH.invokeExact(slot, seq);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public boolean isActive(long seq) {
        try {
            return (boolean) IS_ACTIVE.invokeExact(slot, seq);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public boolean succeed(long seq) {
        try {
            return (boolean) SUCCEED.invokeExact(slot, seq, 0L);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public boolean fail(long seq, HttpClientException cause) {
        try {
            return (boolean) FAIL.invokeExact(slot, seq, cause, 0L);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public boolean isSucceeded() {
        return slot.isSucceeded();
    }

    @Override
    public HttpClientException failure() {
        return slot.failure();
    }
}
