package io.workbench.mainjob.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code --network netns}: builds the {@link NetnsLayout} (two namespaces, a veth pair, optional
 * tbf shaping), checks that the generator's route to the target is the veth, runs target and
 * generator inside their namespaces and removes it all on {@link #close()}, or from a shutdown
 * hook if the runner ends any other way. Every address either side uses lives inside these two
 * namespaces; the root namespace is never changed.
 */
public final class NetnsNetwork implements Network {

    /** Building or probing the network refused, with why; the run exits 2. */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    private static final long COMMAND_TIMEOUT_SECONDS = 15;

    private final NetnsLayout layout;
    private final JvmLaunch launch;
    private final Pinning pinning;
    private final Path relayStderr;
    private final AtomicBoolean removed = new AtomicBoolean();
    private final Thread hook;

    /** Not built: {@link #create} builds it; the command lines alone need nothing built. */
    NetnsNetwork(NetnsLayout layout, JvmLaunch launch, Pinning pinning, Path relayStderr) {
        this.layout = layout;
        this.launch = launch;
        this.pinning = pinning;
        this.relayStderr = relayStderr;
        this.hook = new Thread(this::remove, "netns-cleanup");
    }

    /**
     * Builds the network and checks its route, or refuses: not root, no {@code ip}, a namespace
     * that cannot be created, a step that fails, a route that is not the veth's. Whatever was
     * built before a refusal is removed again.
     *
     * @param relayStderr where the stats relays' stderr goes
     */
    public static NetnsNetwork create(NetnsLayout layout, JvmLaunch launch, Pinning pinning, Path relayStderr) throws Refused {
        if (Pinning.findOnPath("ip") == null) {
            throw new Refused("--network netns needs the ip command (Debian package iproute2), which is not on the PATH");
        }
        if (layout.shape() != null && Pinning.findOnPath("tc") == null) {
            throw new Refused("--shape-rate needs the tc command (Debian package iproute2), which is not on the PATH");
        }
        Optional<Long> uid = effectiveUid();
        if (uid.isPresent() && uid.get() != 0) {
            throw new Refused("--network netns is not permitted: creating network namespaces needs root (CAP_SYS_ADMIN "
                    + "and CAP_NET_ADMIN), and this runs as uid " + uid.get() + "; use --network loopback or run as root");
        }
        NetnsNetwork network = new NetnsNetwork(layout, launch, pinning, relayStderr);
        // Before the first step: a runner killed half-way through the set-up still removes what exists.
        Runtime.getRuntime().addShutdownHook(network.hook);
        List<List<String>> steps = layout.setup();
        for (int i = 0; i < steps.size(); i++) {
            Result result = exec(steps.get(i));
            if (result.exit() != 0) {
                network.close();
                throw new Refused((i == 0 ? "--network netns is not permitted here: " : "--network netns could not be built: ")
                        + String.join(" ", steps.get(i)) + " failed (" + result.output().strip() + ")");
            }
        }
        Result route = exec(layout.routeCheck());
        Optional<String> problem = route.exit() == 0
                ? RouteCheck.problem(route.output(), NetnsLayout.TARGET_ADDRESS, NetnsLayout.LOAD_VETH)
                : Optional.of("ip route get failed: " + route.output().strip());
        if (problem.isPresent()) {
            network.close();
            throw new Refused("--network netns: nothing sent, " + problem.get());
        }
        return network;
    }

    public NetnsLayout layout() {
        return layout;
    }

    @Override
    public List<String> targetPrefix() {
        return layout.inTarget();
    }

    @Override
    public List<String> loadPrefix() {
        return layout.inLoad();
    }

    @Override
    public List<String> targetArguments() {
        return List.of("--host", NetnsLayout.TARGET_ADDRESS);
    }

    /** One: the kernel gives the generator's connections the veth's address as their source. */
    @Override
    public int sourceAddresses() {
        return 1;
    }

    @Override
    public TargetStatsProbe probe(String url) throws IOException {
        List<String> prefix = new ArrayList<>(layout.inLoad());
        prefix.addAll(pinning.load());
        return new TargetStatsProbe(RelayStatsTransport.start(prefix, launch, url, relayStderr));
    }

    @Override
    public String description() {
        return layout.description();
    }

    @Override
    public void close() {
        remove();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Called from the hook itself, or during shutdown: nothing to unregister.
        }
    }

    private void remove() {
        if (!removed.compareAndSet(false, true)) {
            return;
        }
        for (List<String> step : layout.teardown()) {
            // A namespace the set-up never got to is not an error worth reporting.
            exec(step);
        }
    }

    /** Whether either namespace of the layout still exists, from {@code ip netns list}. */
    public static boolean anyLeft(NetnsLayout layout) {
        String list = exec(List.of("ip", "netns", "list")).output();
        return list.lines().map(line -> line.split("\\s+")[0])
                .anyMatch(name -> name.equals(layout.targetNamespace()) || name.equals(layout.loadNamespace()));
    }

    record Result(int exit, String output) {
    }

    static Result exec(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "timed out after " + COMMAND_TIMEOUT_SECONDS + " s");
            }
            return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
        } catch (IOException failed) {
            return new Result(-1, failed.getMessage());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }

    /** The effective uid from /proc/self/status, when readable. */
    static Optional<Long> effectiveUid() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(line -> line.startsWith("Uid:"))
                    .findFirst().map(line -> Long.parseLong(line.split("\\s+")[2]));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }
}
