package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
import java.util.concurrent.Executor;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * The hello contract as a Jetty 12 core handler: every request goes to {@link HelloService} through
 * a {@link JettyExchange}, and the handler returns {@code true} at once; Jetty's {@link Callback}
 * completes the request when the exchange has written the response, whenever the strategy decides.
 * Two declarations of the same code: {@link NonBlocking}, which Jetty may call on the selector
 * thread, and {@link Blocking}, which it always calls on a pool thread that may sleep.
 */
final class JettyHelloHandler {

    private JettyHelloHandler() {
    }

    private static boolean handle(HelloService hello, Scheduler scheduler, Executor pool, Request request,
                                  Response response, Callback callback) {
        HttpURI uri = request.getHttpURI();
        hello.handle(request.getMethod(), Request.getPathInContext(request), uri.getQuery(),
                new JettyExchange(response, callback, scheduler, pool));
        return true;
    }

    /** For the strategies that never block the calling thread: async-complete, async-dispatch. */
    static final class NonBlocking extends Handler.Abstract.NonBlocking {

        private final HelloService hello;
        private final Scheduler scheduler;
        private final Executor pool;

        NonBlocking(HelloService hello, Scheduler scheduler, Executor pool) {
            this.hello = hello;
            this.scheduler = scheduler;
            this.pool = pool;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            return JettyHelloHandler.handle(hello, scheduler, pool, request, response, callback);
        }

        @Override
        public String toString() {
            return "JettyHelloHandler.NonBlocking[" + hello + "]@" + Integer.toHexString(hashCode());
        }
    }

    /** For sync and virtual: the handler sleeps, so Jetty must call it on a pool (or virtual) thread. */
    static final class Blocking extends Handler.Abstract {

        private final HelloService hello;
        private final Scheduler scheduler;
        private final Executor pool;

        Blocking(HelloService hello, Scheduler scheduler, Executor pool) {
            super(InvocationType.BLOCKING);
            this.hello = hello;
            this.scheduler = scheduler;
            this.pool = pool;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            return JettyHelloHandler.handle(hello, scheduler, pool, request, response, callback);
        }

        @Override
        public String toString() {
            return "JettyHelloHandler.Blocking[" + hello + "]@" + Integer.toHexString(hashCode());
        }
    }
}
