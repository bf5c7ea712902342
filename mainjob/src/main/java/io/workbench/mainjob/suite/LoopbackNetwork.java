package io.workbench.mainjob.suite;

import java.util.List;

/**
 * The default: target and generator in the runner's own network namespace, over loopback. The
 * generator spreads its connections over several 127.0.0.x source addresses so that tens of
 * thousands of connections do not run out of one address's ephemeral ports.
 */
public final class LoopbackNetwork implements Network {

    private final int sourceAddresses;

    public LoopbackNetwork(int sourceAddresses) {
        this.sourceAddresses = sourceAddresses;
    }

    @Override
    public List<String> targetPrefix() {
        return List.of();
    }

    @Override
    public List<String> loadPrefix() {
        return List.of();
    }

    @Override
    public List<String> targetArguments() {
        return List.of();
    }

    @Override
    public int sourceAddresses() {
        return sourceAddresses;
    }

    @Override
    public TargetStatsProbe probe(String url) {
        return new TargetStatsProbe(url);
    }

    @Override
    public String description() {
        return "loopback: the target listens on 127.0.0.1, the generator connects from 127.0.0.1..127.0.0." + sourceAddresses;
    }

    @Override
    public void close() {
        // Nothing was built.
    }
}
