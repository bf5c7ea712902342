/**
 * The one servlet ({@link io.workbench.targets.servlet.HelloServlet}) that Jetty ee10, Tomcat and
 * Undertow deploy, and the Servlet API's hand-offs behind the shared strategies
 * ({@code startAsync()}, {@code AsyncContext.dispatch()}, blocking writes and the
 * {@code WriteListener}): written once, wired into each container by its technology.
 */
package io.workbench.targets.servlet;
