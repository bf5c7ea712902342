package io.workbench.targets.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.util.function.ToLongFunction;

/**
 * What a servlet container tells of a traced request's time that the Servlet API does not: when it
 * read the request's first bytes, and when it hands the response's last byte to the socket.
 *
 * @param firstRead         when the container read a request's first bytes, by its own account (the
 *                          earliest point it exposes, a {@link System#nanoTime()}), or 0 if it gives
 *                          none; called on the thread that handles the request, only for a traced one
 * @param handsOverAtItsEnd true if the container hands a response to the socket only at its own end
 *                          of the request ({@link ContainerEnd}: Undertow writes a response whose
 *                          {@code Content-Length} is reached once {@code service()} returns or the
 *                          asynchronous cycle completes); false if a write that reaches the
 *                          {@code Content-Length} hands the bytes to the socket before it returns
 *                          (Jetty, Tomcat), or, non-blocking, before {@code isReady()} is true again
 */
public record ContainerStamps(ToLongFunction<HttpServletRequest> firstRead, boolean handsOverAtItsEnd) {

    /** @return when the container read {@code request}'s first bytes, or 0 */
    public long firstReadNanos(HttpServletRequest request) {
        return firstRead.applyAsLong(request);
    }
}
