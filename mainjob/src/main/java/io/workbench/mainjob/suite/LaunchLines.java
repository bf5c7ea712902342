package io.workbench.mainjob.suite;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The full command lines of the target and the generator: the network's prefix first
 * ({@code ip netns exec NS}, which enters the namespace and then execs the rest in place, so the
 * pid the runner holds is the JVM's), then the pinning ({@code taskset -c N}), then the JVM.
 */
final class LaunchLines {

    private LaunchLines() {
    }

    static List<String> target(Network network, Pinning pinning, JvmLaunch launch, TargetId target, Path dir) {
        List<String> command = new ArrayList<>(network.targetPrefix());
        command.addAll(pinning.target());
        command.addAll(launch.targetCommand(target, dir));
        command.addAll(network.targetArguments());
        return command;
    }

    static List<String> generator(Network network, Pinning pinning, JvmLaunch launch) {
        List<String> command = new ArrayList<>(network.loadPrefix());
        command.addAll(pinning.load());
        command.addAll(launch.generatorCommand());
        return command;
    }
}
