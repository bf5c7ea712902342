/**
 * The plug-in point of the target matrix: a {@link io.workbench.targets.server.ServerTechnology}
 * starts a {@link io.workbench.targets.server.RunningServer} from the shared
 * {@link io.workbench.targets.server.TargetSettings}.
 */
package io.workbench.targets.server;
