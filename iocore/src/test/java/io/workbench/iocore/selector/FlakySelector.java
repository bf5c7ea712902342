package io.workbench.iocore.selector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.spi.AbstractSelectableChannel;
import java.nio.channels.spi.AbstractSelector;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A real selector whose select calls throw when told to: the next N of them, or all from now on;
 * an {@link IOException} unless told to throw an unchecked exception instead.
 * Channels register with the real selector behind it (their keys' {@code selector()} is that
 * one), so everything but the injected failures is the platform's own behaviour.
 *
 * <p>It must be an {@link AbstractSelector}: a channel's {@code register} casts the selector it is
 * given to one.
 */
final class FlakySelector extends AbstractSelector {

    /** Opens flaky selectors, each over a new system selector, and remembers them in order. */
    static final class Opener implements SelectorOpener {
        final List<FlakySelector> opened = new CopyOnWriteArrayList<>();
        private final int initialFailures;

        /** @param initialFailures how many select calls each new selector fails before it works */
        Opener(int initialFailures) {
            this.initialFailures = initialFailures;
        }

        @Override
        public Selector open() throws IOException {
            FlakySelector selector = new FlakySelector(Selector.open());
            selector.failNext(initialFailures);
            opened.add(selector);
            return selector;
        }

        FlakySelector last() {
            return opened.get(opened.size() - 1);
        }
    }

    private final Selector delegate;
    private final AtomicInteger failuresLeft = new AtomicInteger();
    private final AtomicLong thrown = new AtomicLong();
    /** What the failures throw instead of an IOException; null for an IOException. */
    private volatile Supplier<? extends RuntimeException> unchecked;

    FlakySelector(Selector delegate) {
        super(delegate.provider());
        this.delegate = delegate;
    }

    /** The next {@code count} select calls throw; {@link Integer#MAX_VALUE} for all of them. */
    void failNext(int count) {
        unchecked = null;
        failuresLeft.set(count);
    }

    /** The next {@code count} select calls throw what {@code failure} makes (a ClosedSelectorException, say). */
    void failNextWith(int count, Supplier<? extends RuntimeException> failure) {
        unchecked = failure;
        failuresLeft.set(count);
    }

    /** @return how many select calls have thrown so far */
    long thrown() {
        return thrown.get();
    }

    private void maybeFail() throws IOException {
        int left = failuresLeft.getAndUpdate(n -> n == Integer.MAX_VALUE ? n : Math.max(0, n - 1));
        if (left > 0) {
            thrown.incrementAndGet();
            Supplier<? extends RuntimeException> failure = unchecked;
            if (failure != null) {
                throw failure.get();
            }
            throw new IOException("injected select failure");
        }
    }

    @Override
    protected SelectionKey register(AbstractSelectableChannel channel, int ops, Object attachment) {
        try {
            return channel.register(delegate, ops, attachment);
        } catch (ClosedChannelException x) {
            // The caller checked the channel was open under the same lock: not expected.
            throw new UncheckedIOException(x);
        }
    }

    @Override
    protected void implCloseSelector() throws IOException {
        delegate.close();
    }

    @Override
    public Set<SelectionKey> keys() {
        return delegate.keys();
    }

    @Override
    public Set<SelectionKey> selectedKeys() {
        return delegate.selectedKeys();
    }

    @Override
    public int selectNow() throws IOException {
        maybeFail();
        return delegate.selectNow();
    }

    @Override
    public int select(long timeout) throws IOException {
        maybeFail();
        return delegate.select(timeout);
    }

    @Override
    public int select() throws IOException {
        maybeFail();
        return delegate.select();
    }

    @Override
    public int select(Consumer<SelectionKey> action, long timeout) throws IOException {
        maybeFail();
        return delegate.select(action, timeout);
    }

    @Override
    public int select(Consumer<SelectionKey> action) throws IOException {
        maybeFail();
        return delegate.select(action);
    }

    @Override
    public int selectNow(Consumer<SelectionKey> action) throws IOException {
        maybeFail();
        return delegate.selectNow(action);
    }

    @Override
    public Selector wakeup() {
        delegate.wakeup();
        return this;
    }

    @Override
    public String toString() {
        return "FlakySelector@" + Integer.toHexString(hashCode()) + "[open=" + isOpen() + ",failuresLeft="
                + failuresLeft.get() + ",thrown=" + thrown.get() + "]";
    }
}
