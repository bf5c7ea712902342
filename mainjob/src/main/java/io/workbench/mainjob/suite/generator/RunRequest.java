package io.workbench.mainjob.suite.generator;

import java.util.List;

/**
 * One load run asked of the {@link GeneratorService}: the load command's arguments, and the
 * directory its stderr goes to ({@code load.stderr}); the arguments' own {@code --out} says where
 * its files go. One line of JSON on the service's stdin.
 *
 * @param dir       the run's directory
 * @param arguments the load command's arguments, as {@code ./workbench load} takes them
 */
public record RunRequest(String dir, List<String> arguments) {

    public RunRequest {
        arguments = List.copyOf(arguments);
    }
}
