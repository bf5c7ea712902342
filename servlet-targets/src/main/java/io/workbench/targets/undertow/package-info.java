/**
 * {@code undertow} (the shared servlet in a {@code DeploymentInfo}) and {@code undertow-handler}
 * (Undertow's native {@code HttpHandler}), both on one XNIO worker configured from the shared settings.
 */
package io.workbench.targets.undertow;
