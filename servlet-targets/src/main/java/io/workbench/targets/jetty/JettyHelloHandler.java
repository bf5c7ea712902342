package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
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
 * Non-blocking, so Jetty may call it on the selector thread.
 */
final class JettyHelloHandler extends Handler.Abstract.NonBlocking {

    private final HelloService hello;
    private final Scheduler scheduler;

    JettyHelloHandler(HelloService hello, Scheduler scheduler) {
        this.hello = hello;
        this.scheduler = scheduler;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        HttpURI uri = request.getHttpURI();
        hello.handle(request.getMethod(), Request.getPathInContext(request), uri.getQuery(),
                new JettyExchange(response, callback, scheduler));
        return true;
    }

    @Override
    public String toString() {
        return "JettyHelloHandler[" + hello + "]@" + Integer.toHexString(hashCode());
    }
}
