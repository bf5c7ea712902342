package io.workbench.stress.client;

import io.workbench.iocore.http.client.HttpClientConnection;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.iocore.http.client.HttpResponseListener;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The package-private life of iocore's {@link HttpExchange} slots (make one, fill it, publish it,
 * end it), as the client connection and its exchange queue drive it, for the queue's race tests.
 * iocore keeps these calls package-private and stress does not put classes in iocore's package:
 * it reaches them with a private lookup, which the class path allows (iocore is not a named
 * module), in static final method handles that the JIT treats as constants. The request fields a
 * test does not look at get fixed values.
 */
public final class ExchangeSlots {

    private static final HttpRequest REQUEST = HttpRequest.get("/");

    private static final MethodHandle NEW;
    private static final MethodHandle PREPARE;
    private static final MethodHandle PUBLISH;
    private static final MethodHandle IS_ACTIVE;
    private static final MethodHandle FAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(HttpExchange.class, MethodHandles.lookup());
            NEW = lookup.findConstructor(HttpExchange.class, MethodType.methodType(void.class, HttpClientConnection.class));
            PREPARE = lookup.findVirtual(HttpExchange.class, "prepare", MethodType.methodType(void.class,
                    long.class, HttpRequest.class, HttpResponseListener.class, long.class, long.class, long.class));
            PUBLISH = lookup.findVirtual(HttpExchange.class, "publish", MethodType.methodType(void.class, long.class));
            IS_ACTIVE = lookup.findVirtual(HttpExchange.class, "isActive", MethodType.methodType(boolean.class, long.class));
            FAIL = lookup.findVirtual(HttpExchange.class, "fail",
                    MethodType.methodType(boolean.class, long.class, HttpClientException.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ExchangeSlots() {
    }

    /** A fresh slot that holds no request, as the exchange queue preallocates them (no connection behind it). */
    public static HttpExchange newSlot() {
        try {
            return (HttpExchange) NEW.invokeExact((HttpClientConnection) null);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    /** The claiming thread fills the slot for request {@code seq}, with no timeout. */
    public static void prepare(HttpExchange slot, long seq, HttpResponseListener listener) {
        try {
            PREPARE.invokeExact(slot, seq, REQUEST, listener, seq, 0L, 0L);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    public static void publish(HttpExchange slot, long seq) {
        try {
            PUBLISH.invokeExact(slot, seq);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    public static boolean isActive(HttpExchange slot, long seq) {
        try {
            return (boolean) IS_ACTIVE.invokeExact(slot, seq);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    public static boolean fail(HttpExchange slot, long seq, HttpClientException cause) {
        try {
            return (boolean) FAIL.invokeExact(slot, seq, cause, 0L);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    /** What a method handle threw, unchecked. */
    public static RuntimeException rethrow(Throwable thrown) {
        if (thrown instanceof RuntimeException r) {
            return r;
        }
        if (thrown instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(thrown);
    }
}
