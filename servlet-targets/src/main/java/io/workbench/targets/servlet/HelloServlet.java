package io.workbench.targets.servlet;

import io.workbench.targets.hello.HelloService;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.Serial;

/**
 * The one servlet every servlet container runs (Jetty ee10, Tomcat, Undertow), mapped to
 * {@code /*} with async support on: {@code /hello}, {@code /stream} and {@code /stats} go to
 * {@link HelloService} through a {@link ServletExchange}, whatever the strategy. The containers only
 * deploy it ({@code ServletContextHandler}, {@code Tomcat.addServlet}, {@code DeploymentInfo}) and
 * configure their threads; nothing here knows which one runs it.
 *
 * <p>The second entry, {@link DispatcherType#ASYNC}, is async-dispatch's {@code AsyncContext.dispatch()}
 * coming back on a container thread: it runs the task the exchange left in a request attribute
 * (a task the strategy guards: what it throws aborts its request).
 */
public final class HelloServlet extends HttpServlet {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The request attribute that carries the task of an {@code AsyncContext.dispatch()}. */
    static final String DISPATCHED_TASK = HelloServlet.class.getName() + ".dispatchedTask";

    /** Not serialised: a target's servlet lives and dies with its server. */
    private final transient HelloService hello;
    private final transient ContainerEnd containerEnd;

    /** For a container whose Servlet API listeners report every end of a request (Jetty, Tomcat). */
    public HelloServlet(HelloService hello) {
        this(hello, ContainerEnd.LISTENERS);
    }

    /** @param containerEnd how the container tells that it ended a request by itself */
    public HelloServlet(HelloService hello, ContainerEnd containerEnd) {
        this.hello = hello;
        this.containerEnd = containerEnd;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) {
        if (request.getDispatcherType() == DispatcherType.ASYNC
                && request.getAttribute(DISPATCHED_TASK) instanceof Runnable task) {
            request.removeAttribute(DISPATCHED_TASK);
            task.run();
            return;
        }
        ServletExchange exchange = new ServletExchange(request, response, containerEnd);
        try {
            // The context path is "", so the request URI is the path (not decoded, as on every other target).
            hello.handle(request.getMethod(), request.getRequestURI(), request.getQueryString(), exchange);
        } catch (Throwable failed) {
            // Not rethrown: the request ends here, counted once, and answers 500; the container
            // would log it and answer its own error page.
            exchange.abort(failed);
        }
    }

    @Override
    public String toString() {
        return "HelloServlet[" + hello + "]";
    }
}
