package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.server.Handler;
import io.workbench.iocore.http.server.HttpConnection;
import io.workbench.iocore.http.server.Request;
import io.workbench.iocore.http.server.Response;
import io.workbench.targets.hello.HelloService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The hello contract as an iocore {@link Handler}: every request goes to {@link HelloService}
 * through the {@link IocoreExchange} of its connection, made on the connection's first request and
 * reused for the next ones (a connection hands its requests over one at a time), so that a request
 * allocates nothing here.
 */
final class IocoreHelloHandler implements Handler {

    private final HelloService hello;
    private final ScheduledExecutorService scheduler;
    private final InvocationType invocationType;
    private final int streamHighWater;

    IocoreHelloHandler(HelloService hello, ScheduledExecutorService scheduler, InvocationType invocationType,
                       int streamHighWater) {
        this.hello = hello;
        this.scheduler = scheduler;
        this.invocationType = invocationType;
        this.streamHighWater = streamHighWater;
    }

    @Override
    public void handle(Request request, Response response, Callback callback) {
        HttpConnection connection = request.getConnection();
        IocoreExchange exchange = (IocoreExchange) connection.getAttachment();
        if (exchange == null) {
            exchange = new IocoreExchange(scheduler, streamHighWater);
            connection.setAttachment(exchange);
        }
        exchange.begin(response, callback);
        hello.handle(request.method().name(), request.path(), request.query(), exchange);
    }

    @Override
    public InvocationType getInvocationType() {
        return invocationType;
    }

    @Override
    public String toString() {
        return "IocoreHelloHandler[" + invocationType + "," + hello + "]@" + Integer.toHexString(hashCode());
    }
}
