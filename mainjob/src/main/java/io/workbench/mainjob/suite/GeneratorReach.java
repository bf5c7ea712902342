package io.workbench.mainjob.suite;

import java.util.Locale;
import java.util.Optional;

/**
 * What one generator core can measure, as measured on the workbench's reference machine (two
 * cores, the generator pinned to one, against the fastest target on the other): the highest open
 * rate it held with a valid verdict, and the response bodies it read per second. A scenario that
 * asks for more is still run, never scaled down; the profile says so before it starts, and the
 * report says so beside the scenario, so that its runs are read as what they are: a measure of the
 * generator's limit as much as of the target.
 *
 * <p>On 2026-11-26 the highest open rate held with a valid verdict was 50,000 req/s (60,000 was
 * held but late), and the closed model read 3,537 MiB/s of 1 MiB bodies over 8 connections using
 * 44% of its core, which is what the target wrote: both are what was measured, not a ceiling found
 * by pushing until it broke. They hold for the suite's generator, which runs on the C1 compiler
 * alone ({@link JvmLaunch}): measured so on 2026-11-27 against iocore's hello target, twice each,
 * 50,000 req/s over 64 connections was valid (lag p99 0.535 and 0.523 ms, at 0.63-0.66 of a core;
 * with both compilers 0.669 ms valid and 1.110 ms not), and the closed model read 6,285 and 6,498
 * MiB/s of 1 MiB bodies over 8 connections, valid, at 0.71 of a core.
 *
 * @param openRate        requests per second of the open model one loop held
 * @param bodyMibPerSecond MiB of response bodies per second one loop read
 * @param source          where the figures were measured
 */
public record GeneratorReach(double openRate, double bodyMibPerSecond, String source) {

    /** As measured on the reference machine. */
    public static final GeneratorReach REFERENCE = new GeneratorReach(50_000, 3_500, "docs/results/2026-11-26-loadgen.md");

    /** @return why {@code preset} asks more than one generator core here can measure, or empty if it does not */
    public Optional<String> beyond(Preset preset) {
        if (preset.allAtOnce()) {
            return Optional.empty();
        }
        if (preset.stream()) {
            double mib = preset.rate() * preset.streamBytes() / (1024.0 * 1024.0);
            if (mib > bodyMibPerSecond) {
                return Optional.of(String.format(Locale.ROOT, "%,.0f MiB/s of response bodies is beyond the %,.0f MiB/s one generator "
                        + "core read on the reference machine (%s)", mib, bodyMibPerSecond, source));
            }
        } else if (preset.rate() > openRate) {
            return Optional.of(String.format(Locale.ROOT, "%,.0f req/s is beyond the %,.0f req/s one generator core held on the "
                    + "reference machine (%s)", preset.rate(), openRate, source));
        }
        return Optional.empty();
    }
}
