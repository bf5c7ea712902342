package io.workbench.stress.client.queue;

import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.stress.client.ExchangeSlots;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Supplier;

/**
 * The real ExchangeQueue, with real slots, driven through {@link QueueUnderTest} with the calls
 * the client connection makes. The queue is package-private to iocore, and stress puts no class in
 * iocore's package: this reaches it with a private lookup (the class path allows it; iocore is not
 * a named module), through static final method handles that the JIT treats as constants.
 *
 * <p>The build also copies this class beside each generated copy of ExchangeQueue (the control and
 * every mutant), where the queue's full name below becomes the copy's, so the same code drives the
 * copy the same way.
 */
final class RealQueue implements QueueUnderTest {

    private static final Class<?> QUEUE;
    private static final MethodHandle NEW;
    private static final MethodHandle CLAIM;
    private static final MethodHandle SHUT;
    private static final MethodHandle CLOSE;
    private static final MethodHandle IS_CLOSED;
    private static final MethodHandle CLOSE_FAILURE;
    private static final MethodHandle CLAIMED;
    private static final MethodHandle ANSWERED;
    private static final MethodHandle SLOT;
    private static final MethodHandle ADMISSION;
    private static final long FULL;
    private static final long REFUSED_SHUT;

    static {
        try {
            QUEUE = Class.forName("io.workbench.iocore.http.client.ExchangeQueue");
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(QUEUE, MethodHandles.lookup());
            NEW = lookup.findConstructor(QUEUE, MethodType.methodType(void.class, int.class, Supplier.class))
                    .asType(MethodType.methodType(Object.class, int.class, Supplier.class));
            CLAIM = virtual(lookup, "claim", long.class, boolean.class);
            SHUT = virtual(lookup, "shut", long.class);
            CLOSE = virtual(lookup, "close", void.class, HttpClientException.class);
            IS_CLOSED = virtual(lookup, "isClosed", boolean.class);
            CLOSE_FAILURE = virtual(lookup, "closeFailure", HttpClientException.class);
            CLAIMED = virtual(lookup, "claimed", long.class);
            ANSWERED = virtual(lookup, "answered", long.class);
            SLOT = virtual(lookup, "slot", HttpExchange.class, long.class);
            Class<?> admission = Class.forName(QUEUE.getName() + "$Admission");
            ADMISSION = lookup.findVirtual(QUEUE, "admission", MethodType.methodType(admission))
                    .asType(MethodType.methodType(Enum.class, Object.class));
            FULL = (long) lookup.findStaticVarHandle(QUEUE, "FULL", long.class).get();
            REFUSED_SHUT = (long) lookup.findStaticVarHandle(QUEUE, "REFUSED_SHUT", long.class).get();
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A method of the queue, with the queue as an Object receiver. */
    private static MethodHandle virtual(MethodHandles.Lookup lookup, String name, Class<?> returns, Class<?>... parameters)
            throws ReflectiveOperationException {
        MethodHandle handle = lookup.findVirtual(QUEUE, name, MethodType.methodType(returns, parameters));
        return handle.asType(handle.type().changeParameterType(0, Object.class));
    }

    private final Object queue;

    /** A queue of real slots, as a connection makes it. */
    RealQueue(int maxInFlight) {
        try {
            Supplier<HttpExchange> newSlot = ExchangeSlots::newSlot;
            this.queue = (Object) NEW.invokeExact(maxInFlight, (Supplier<?>) newSlot);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public long claim(boolean last) {
        try {
            return (long) CLAIM.invokeExact(queue, last);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public String refusal(long seq) {
        if (seq == FULL) {
            return "FULL";
        }
        return seq == REFUSED_SHUT ? "REFUSED_SHUT" : "REFUSED_CLOSED";
    }

    @Override
    public long shut() {
        try {
            return (long) SHUT.invokeExact(queue);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public void close(HttpClientException failure) {
        try {
            CLOSE.invokeExact(queue, failure);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public boolean isClosed() {
        try {
            return (boolean) IS_CLOSED.invokeExact(queue);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public HttpClientException closeFailure() {
        try {
            return (HttpClientException) CLOSE_FAILURE.invokeExact(queue);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public long claimed() {
        try {
            return (long) CLAIMED.invokeExact(queue);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public long answered() {
        try {
            return (long) ANSWERED.invokeExact(queue);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public HttpExchange slot(long seq) {
        try {
            return (HttpExchange) SLOT.invokeExact(queue, seq);
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }

    @Override
    public String admission() {
        try {
            return ((Enum<?>) ADMISSION.invokeExact(queue)).name();
        } catch (Throwable e) {
            throw ExchangeSlots.rethrow(e);
        }
    }
}
