package io.workbench.mainjob.suite;

import java.util.List;
import java.util.Optional;

/**
 * Reads {@code ip route get ADDR} (run in the generator's namespace) and says whether the target
 * is reached straight over the veth: the line must name the address, {@code dev} the veth, and no
 * gateway ({@code via}). Anything else (another device, a gateway, no route) means packets could
 * go somewhere the run did not build, and nothing is sent.
 */
public final class RouteCheck {

    private RouteCheck() {
    }

    /** Empty when the route is the veth's; otherwise why not, for the refusal. */
    public static Optional<String> problem(String output, String address, String veth) {
        String first = output == null ? "" : output.strip().lines().findFirst().orElse("").strip();
        List<String> words = List.of(first.split("\\s+"));
        if (words.isEmpty() || !words.get(0).equals(address)) {
            return Optional.of("no route to " + address + " (ip route get said: '" + first + "')");
        }
        if (words.contains("via")) {
            return Optional.of("the route to " + address + " goes through a gateway, not straight over " + veth + ": '" + first + "'");
        }
        int dev = words.indexOf("dev");
        if (dev < 0 || dev + 1 >= words.size() || !words.get(dev + 1).equals(veth)) {
            return Optional.of("the route to " + address + " does not leave by " + veth + ": '" + first + "'");
        }
        return Optional.empty();
    }
}
