package io.workbench.mainjob.suite;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code --shape-rate} for the veth pair of {@code --network netns}: a token-bucket filter
 * ({@code tc qdisc ... tbf}) on each end, so each direction carries at most this many bits per
 * second, as a real link of that speed would. It shapes bandwidth only; it adds no delay or loss
 * (that would be {@code netem}, which this kernel does not have).
 *
 * <p>The bucket holds 10 ms of traffic (at least 32 KiB, so a full-size segment burst always
 * fits): big enough that the filter does not throttle below the rate through timer granularity,
 * small enough that a burst cannot outrun the rate for long. Packets that would wait more than
 * {@link #LATENCY_MILLIS} ms in the queue are dropped, which TCP sees as congestion.
 *
 * @param bitsPerSecond the rate
 */
public record ShapeRate(long bitsPerSecond) {

    static final long MIN_BITS = 1_000_000;
    static final long MAX_BITS = 100_000_000_000L;
    static final int LATENCY_MILLIS = 50;
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(kbit|mbit|gbit|bit)");

    public ShapeRate {
        if (bitsPerSecond < MIN_BITS || bitsPerSecond > MAX_BITS) {
            throw new IllegalArgumentException("--shape-rate must be between 1mbit and 100gbit, was " + bitsPerSecond + " bit/s");
        }
    }

    /** Parses {@code 100mbit}, {@code 1gbit}, {@code 2.5gbit}, {@code 500000kbit} (units of 1000, as tc's). */
    public static ShapeRate parse(String text) {
        Matcher matcher = FORMAT.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("--shape-rate '" + text + "': a number and a unit, kbit, mbit or gbit (e.g. 1gbit)");
        }
        double factor = switch (matcher.group(2)) {
            case "kbit" -> 1e3;
            case "mbit" -> 1e6;
            case "gbit" -> 1e9;
            default -> 1;
        };
        return new ShapeRate(Math.round(Double.parseDouble(matcher.group(1)) * factor));
    }

    /** The bucket size in bytes: 10 ms at the rate, at least 32 KiB. */
    public long burstBytes() {
        return Math.max(32 * 1024, bitsPerSecond / 8 / 100);
    }

    /** The tc arguments after {@code qdisc add dev DEV root}. */
    public List<String> tbfArguments() {
        return List.of("tbf", "rate", bitsPerSecond + "bit", "burst", String.valueOf(burstBytes()), "latency", LATENCY_MILLIS + "ms");
    }

    @Override
    public String toString() {
        if (bitsPerSecond % 1_000_000_000 == 0) {
            return bitsPerSecond / 1_000_000_000 + " Gbit/s";
        }
        return bitsPerSecond % 1_000_000 == 0 ? bitsPerSecond / 1_000_000 + " Mbit/s" : bitsPerSecond + " bit/s";
    }
}
