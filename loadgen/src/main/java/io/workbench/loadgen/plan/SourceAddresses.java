package io.workbench.loadgen.plan;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Which local addresses the connections are bound to. Spreading them over 127.0.0.1 .. 127.0.0.K
 * gives a loopback target K times the source ports (one 4-tuple space per source address), and
 * only makes sense there: to any other target a 127.0.0.x source is unroutable, so the kernel
 * must choose the source itself (the address of the interface the route leaves by, e.g. a veth
 * in a network namespace).
 */
public final class SourceAddresses {

    public static final int MAX = 254;

    private SourceAddresses() {
    }

    /**
     * The addresses to bind, in turn; empty means "do not bind, the kernel chooses".
     *
     * @param target  the target's address, or null when it did not resolve (the run reports that)
     * @param count   the {@code --source-addresses} value
     * @param shownAs the target's host as the user wrote it, for the message
     * @throws IllegalArgumentException for a count out of range, or above 1 for a target that is
     *                                  not IPv4 loopback
     */
    public static List<String> forTarget(InetAddress target, int count, String shownAs) {
        if (count < 1 || count > MAX) {
            throw new IllegalArgumentException("--source-addresses " + count + ": must be within 1.." + MAX);
        }
        boolean loopback = target != null && target.isLoopbackAddress() && target.getAddress().length == 4;
        if (!loopback) {
            if (count > 1) {
                throw new IllegalArgumentException("--source-addresses " + count
                        + ": connections can be spread over 127.0.0.x only to an IPv4 loopback target, not " + shownAs
                        + " (leave it at 1: the kernel then picks the source address of the route to the target)");
            }
            return List.of();
        }
        List<String> list = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            list.add("127.0.0." + i);
        }
        return list;
    }
}
