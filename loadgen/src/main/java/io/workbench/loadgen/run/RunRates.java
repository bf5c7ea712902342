package io.workbench.loadgen.run;

/**
 * A run's rates, each null where it does not apply.
 *
 * @param scheduledRate  measured arrivals per second the schedule asked for (open model)
 * @param dispatchedRate measured arrivals per second the generator took off its schedule (open model)
 * @param achievedRate   measured requests per second a connection accepted for writing (open model), or completed (closed model)
 * @param arrivalRate    the schedule's measured arrivals per second between its first and its last one (open model): what
 *                       the completed rate is held against
 * @param completedRate  measured requests per second that got a response, whatever its status, from the first such
 *                       response's end to the last's (what the target held)
 * @param sendSpreadMs   all-at-once: from the intended instant to the last try (the generator's part: a wait for a
 *                       connection is the target's), in ms
 */
public record RunRates(Double scheduledRate, Double dispatchedRate, Double achievedRate, Double arrivalRate, Double completedRate,
                       Double sendSpreadMs) {
}
