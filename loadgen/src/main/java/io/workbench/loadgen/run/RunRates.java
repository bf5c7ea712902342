package io.workbench.loadgen.run;

/**
 * A run's rates, each null where it does not apply.
 *
 * @param scheduledRate  measured arrivals per second the schedule asked for (open model)
 * @param dispatchedRate measured arrivals per second the generator took off its schedule (open model)
 * @param achievedRate   measured requests per second written to a socket (open model), or completed (closed model)
 * @param sendSpreadMs   all-at-once: from the intended instant to the last send, less any wait for a connect, in ms
 */
public record RunRates(Double scheduledRate, Double dispatchedRate, Double achievedRate, Double sendSpreadMs) {
}
