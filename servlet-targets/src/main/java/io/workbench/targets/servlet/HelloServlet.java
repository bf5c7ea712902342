package io.workbench.targets.servlet;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.trace.TraceHeader;
import io.workbench.targets.trace.TraceRecorder;
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
    private final transient ContainerStamps stamps;

    /**
     * For a container whose Servlet API listeners report every end of a request (Jetty, Tomcat).
     *
     * @param stamps what the container tells of a traced request's time
     */
    public HelloServlet(HelloService hello, ContainerStamps stamps) {
        this(hello, ContainerEnd.LISTENERS, stamps);
    }

    /**
     * @param containerEnd how the container tells that it ended a request by itself
     * @param stamps       what the container tells of a traced request's time
     */
    public HelloServlet(HelloService hello, ContainerEnd containerEnd, ContainerStamps stamps) {
        this.hello = hello;
        this.containerEnd = containerEnd;
        this.stamps = stamps;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) {
        if (request.getDispatcherType() == DispatcherType.ASYNC
                && request.getAttribute(DISPATCHED_TASK) instanceof Runnable task) {
            request.removeAttribute(DISPATCHED_TASK);
            task.run();
            return;
        }
        ServletExchange exchange = new ServletExchange(request, response, containerEnd, end(request), stamps.handsOverAtItsEnd());
        try {
            // The context path is "", so the request URI is the path (not decoded, as on every other target).
            hello.handle(request.getMethod(), request.getRequestURI(), request.getQueryString(), exchange);
        } catch (Throwable failed) {
            // Not rethrown: the request ends here, counted once, and answers 500; the container
            // would log it and answer its own error page.
            exchange.abort(failed);
        }
    }

    /** The request's end: a traced one if it carries a trace id and the target traces. */
    private RequestEnd end(HttpServletRequest request) {
        TraceRecorder tracing = hello.tracing();
        long traceId = tracing == null ? TraceHeader.NONE : TraceHeader.id(request.getHeader(TraceHeader.NAME));
        if (traceId < 0) {
            return new RequestEnd();
        }
        long firstRead = stamps.firstReadNanos(request);
        return stamps.handsOverAtItsEnd() ? tracing.tracedHandedAfterEnd(traceId, firstRead) : tracing.traced(traceId, firstRead);
    }

    @Override
    public String toString() {
        return "HelloServlet[" + hello + "]";
    }
}
