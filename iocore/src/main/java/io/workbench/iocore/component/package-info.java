/**
 * What every long-lived part of iocore is: a {@link io.workbench.iocore.component.LifeCycle}
 * (started, stopped, and after stop no thread alive and no descriptor open) that can
 * {@link io.workbench.iocore.component.Dumpable dump} itself and its children as a tree for
 * diagnosis. Selectors, connectors, thread pools, the HTTP server and client all are.
 */
package io.workbench.iocore.component;
