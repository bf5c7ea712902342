/**
 * The {@code target} command: load targets, each a server technology
 * ({@link io.workbench.targets.server.ServerTechnology}) running the hello contract under a
 * strategy ({@link io.workbench.targets.hello.Strategy}) with the shared settings
 * ({@link io.workbench.targets.server.TargetSettings}). {@link io.workbench.targets.TargetCommand}
 * parses the options once, {@link io.workbench.targets.ServerCatalog} lists the technologies and
 * {@link io.workbench.targets.Target} runs one and stops it in order.
 */
package io.workbench.targets;
