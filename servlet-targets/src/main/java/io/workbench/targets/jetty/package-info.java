/**
 * {@code jetty-handler} (the hello contract on Jetty 12's core {@code Handler} API) and {@code jetty}
 * (the shared servlet in an ee10 {@code ServletContextHandler}), both on one Jetty server configured
 * from the shared settings.
 */
package io.workbench.targets.jetty;
