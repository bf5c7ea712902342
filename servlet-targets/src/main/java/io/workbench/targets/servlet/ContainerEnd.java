package io.workbench.targets.servlet;

import jakarta.servlet.http.HttpServletRequest;

/**
 * How a container tells that a request ended by itself, where the Servlet API does not: a
 * container that ends an asynchronous request when its connection closes (the client went away, or
 * an idle timeout) without calling the request's {@code AsyncListener} or {@code WriteListener}
 * would leave it counted in flight for ever. Jetty and Tomcat report it through those listeners
 * ({@link #LISTENERS}); Undertow does not, and reports it to its own exchange-completion listeners.
 */
@FunctionalInterface
public interface ContainerEnd {

    /** The Servlet API's listeners say it all: nothing more to watch. */
    ContainerEnd LISTENERS = (request, ended) -> {
    };

    /**
     * Runs {@code ended} when the container ends {@code request} (it may run at the response's normal
     * end too: the caller runs its hook once). Called on the thread handling the request.
     */
    void watch(HttpServletRequest request, Runnable ended);
}
