package io.workbench.targets;

import io.workbench.targets.hello.ExchangeWatch;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tests' {@link ExchangeWatch}: a request whose query holds {@code probe=ID} has the threads it
 * went through recorded under ID (where the shared handling started, where the response was
 * completed, where the server reported its end); one whose query holds {@code fault=abort} is
 * failed by its handler instead of answered ({@link HelloExchange#abort}), one with
 * {@code fault=throw} has its send throw, on whatever thread the strategy sends from. Every other
 * request goes through untouched.
 */
final class ProbeWatch implements ExchangeWatch {

    /** The threads one probed request went through; each set once. */
    static final class Trail {
        volatile Thread handledOn;
        volatile Thread completedOn;
        volatile Thread endedOn;

        boolean ended() {
            return endedOn != null;
        }

        @Override
        public String toString() {
            return "Trail[handled on " + name(handledOn) + ", completed on " + name(completedOn) + ", ended on " + name(endedOn) + "]";
        }

        private static String name(Thread thread) {
            return thread == null ? "-" : thread.isVirtual() ? "a virtual thread" : thread.getName();
        }
    }

    private final Map<String, Trail> trails = new ConcurrentHashMap<>();

    @Override
    public HelloExchange watch(HelloExchange exchange, String query) {
        String probe = parameter(query, "probe");
        String fault = parameter(query, "fault");
        if (probe == null && fault == null) {
            return exchange;
        }
        Trail trail = new Trail();
        trail.handledOn = Thread.currentThread();
        if (probe != null) {
            trails.put(probe, trail);
        }
        return new Watched(exchange, trail, fault);
    }

    /** The trail of the request probed as {@code id}, or null if none has started. */
    Trail trail(String id) {
        return trails.get(id);
    }

    private static String parameter(String query, String name) {
        if (query == null) {
            return null;
        }
        for (String parameter : query.split("&")) {
            if (parameter.startsWith(name + "=")) {
                return parameter.substring(name.length() + 1);
            }
        }
        return null;
    }

    /** The server's exchange, with its sends recorded, or failed as the fault says. */
    private record Watched(HelloExchange exchange, Trail trail, String fault) implements HelloExchange {

        @Override
        public void counted(Runnable whenEnded) {
            exchange.counted(() -> {
                trail.endedOn = Thread.currentThread();
                whenEnded.run();
            });
        }

        @Override
        public void send(Reply reply) {
            send(reply, WriteMode.BLOCKING);
        }

        @Override
        public void send(Reply reply, WriteMode mode) {
            trail.completedOn = Thread.currentThread();
            if ("abort".equals(fault)) {
                exchange.abort(new IOException("the handler failed the request on purpose"));
                return;
            }
            if ("throw".equals(fault)) {
                throw new IllegalStateException("the handler threw on purpose");
            }
            exchange.send(reply, mode);
        }

        @Override
        public void abort(Throwable cause) {
            exchange.abort(cause);
        }

        @Override
        public void startAsync() {
            exchange.startAsync();
        }

        @Override
        public void dispatch(Runnable task) {
            exchange.dispatch(task);
        }

        @Override
        public void resume(Runnable task) {
            exchange.resume(task);
        }

        @Override
        public void stream(StreamBody body, WriteMode mode) {
            exchange.stream(body, mode);
        }
    }
}
