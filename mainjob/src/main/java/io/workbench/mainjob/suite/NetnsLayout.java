package io.workbench.mainjob.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * The network {@code --network netns} builds, as commands: two namespaces named after the
 * runner's pid (so two runs never collide and a leftover says whose it was), joined by a veth pair
 * with a link-local /30 (169.254.231.1 on the target's side, .2 on the generator's). The pair is
 * created from inside the target's namespace with its peer placed straight into the generator's,
 * so no interface, address or route of the root namespace is touched at any moment. Link-local
 * addresses are never forwarded by a router, a second guard besides the namespaces themselves.
 *
 * @param pid   the runner's pid, in the names
 * @param shape the tbf rate on both veth ends, or null for none
 */
public record NetnsLayout(long pid, ShapeRate shape) {

    public static final String TARGET_ADDRESS = "169.254.231.1";
    public static final String LOAD_ADDRESS = "169.254.231.2";
    static final int PREFIX_LENGTH = 30;
    /** Inside their own namespaces, so fixed names cannot clash with anything. */
    static final String TARGET_VETH = "wbt0";
    static final String LOAD_VETH = "wbg0";

    public String targetNamespace() {
        return "wb-target-" + pid;
    }

    public String loadNamespace() {
        return "wb-gen-" + pid;
    }

    /** The commands that build it, in order; the first one is the permission test. */
    public List<List<String>> setup() {
        String target = targetNamespace();
        String load = loadNamespace();
        List<List<String>> commands = new ArrayList<>();
        commands.add(List.of("ip", "netns", "add", target));
        commands.add(List.of("ip", "netns", "add", load));
        commands.add(List.of("ip", "-n", target, "link", "add", TARGET_VETH, "type", "veth", "peer", "name", LOAD_VETH, "netns", load));
        commands.add(List.of("ip", "-n", target, "addr", "add", TARGET_ADDRESS + "/" + PREFIX_LENGTH, "dev", TARGET_VETH));
        commands.add(List.of("ip", "-n", load, "addr", "add", LOAD_ADDRESS + "/" + PREFIX_LENGTH, "dev", LOAD_VETH));
        for (String[] side : new String[][] {{target, TARGET_VETH}, {load, LOAD_VETH}}) {
            // lo too: a JVM and some servers expect a working loopback in their namespace.
            commands.add(List.of("ip", "-n", side[0], "link", "set", "lo", "up"));
            commands.add(List.of("ip", "-n", side[0], "link", "set", side[1], "up"));
            if (shape != null) {
                List<String> tc = new ArrayList<>(List.of("tc", "-n", side[0], "qdisc", "add", "dev", side[1], "root"));
                tc.addAll(shape.tbfArguments());
                commands.add(tc);
            }
        }
        return commands;
    }

    /**
     * What removes it: deleting a namespace destroys the veth end in it, and with it the pair.
     * A namespace that still holds a process lives on unnamed until that process ends.
     */
    public List<List<String>> teardown() {
        return List.of(List.of("ip", "netns", "del", targetNamespace()), List.of("ip", "netns", "del", loadNamespace()));
    }

    /** Asked in the generator's namespace before anything is sent; see {@link RouteCheck}. */
    public List<String> routeCheck() {
        return List.of("ip", "-n", loadNamespace(), "route", "get", TARGET_ADDRESS);
    }

    /** The prefix that runs a command in the target's namespace. */
    public List<String> inTarget() {
        return List.of("ip", "netns", "exec", targetNamespace());
    }

    /** The prefix that runs a command in the generator's namespace. */
    public List<String> inLoad() {
        return List.of("ip", "netns", "exec", loadNamespace());
    }

    /** For the report: the mode, names, addresses and shaping. */
    public String description() {
        return "netns: target in namespace " + targetNamespace() + " listening on " + TARGET_ADDRESS + " (" + TARGET_VETH
                + "), generator in " + loadNamespace() + " connecting from " + LOAD_ADDRESS + " (" + LOAD_VETH
                + "), a veth pair with a link-local /" + PREFIX_LENGTH + "; "
                + (shape == null ? "not shaped" : "shaped with tbf to " + shape + " each way (burst " + shape.burstBytes()
                        + " bytes, latency " + ShapeRate.LATENCY_MILLIS + " ms)")
                + "; created for the run and removed after it";
    }
}
