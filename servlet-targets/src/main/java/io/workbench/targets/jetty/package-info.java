/** {@code jetty-handler}: the hello contract on Jetty 12's core {@code Handler} API. */
package io.workbench.targets.jetty;
