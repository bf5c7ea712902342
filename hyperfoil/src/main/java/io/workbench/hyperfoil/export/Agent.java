package io.workbench.hyperfoil.export;

import java.util.ArrayList;
import java.util.List;

/**
 * A Hyperfoil agent as the benchmark's {@code agents} section names it: the controller deploys it
 * over SSH to {@code host} (optionally {@code user@host:port}).
 */
public record Agent(String name, String host) {

    public Agent {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("an agent's name is letters, digits, '-', '_' or '.': " + name);
        }
        if (host == null || host.isBlank() || host.contains(" ")) {
            throw new IllegalArgumentException("agent " + name + " needs a host ([user@]host[:port])");
        }
    }

    /** Parses {@code NAME=HOST,NAME=HOST...}. */
    public static List<Agent> parseList(String spec) {
        List<Agent> agents = new ArrayList<>();
        for (String item : spec.split(",")) {
            int equals = item.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("--agents takes NAME=HOST,...; got '" + item + "'");
            }
            Agent agent = new Agent(item.substring(0, equals).trim(), item.substring(equals + 1).trim());
            if (agents.stream().anyMatch(other -> other.name.equals(agent.name))) {
                throw new IllegalArgumentException("agent " + agent.name + " is named twice");
            }
            agents.add(agent);
        }
        return agents;
    }
}
