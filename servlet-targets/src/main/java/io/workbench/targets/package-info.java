/**
 * Load targets: a server technology (Jetty 12, Tomcat 11, Undertow 2.3, Netty 4.2, iocore) wired
 * to a handler strategy (sync, virtual, async-dispatch, async-complete, async-queue,
 * write-listener). Strategies are written once; each server only plugs them in. Every target
 * answers {@code /hello} and {@code /stats} the same way. Populated by the target-matrix issues.
 */
package io.workbench.targets;
