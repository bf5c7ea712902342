package io.workbench.loadgen.foreign;

import org.HdrHistogram.Histogram;

/**
 * One interval of a latency kind: a histogram in microseconds whose start and end timestamps are
 * epoch milliseconds, as in {@code latency.hlog}.
 *
 * @param tag       a latency kind's tag: {@code intended-to-end}, {@code send-to-end}, {@code lateness}... (older logs:
 *                  {@code intended-to-send}, {@code connect-wait})
 * @param histogram the interval's values, microseconds
 */
public record TaggedInterval(String tag, Histogram histogram) {
}
