/**
 * The open-model HTTP load generator: {@link io.workbench.loadgen.LoadCommand} (the
 * {@code ./workbench load} command) turns a command line into a
 * {@link io.workbench.loadgen.plan.LoadPlan}; {@link io.workbench.loadgen.run.LoadRun} runs it on
 * iocore's HTTP client with a seeded {@link io.workbench.loadgen.schedule.ArrivalSchedule}, a
 * {@link io.workbench.loadgen.pacing.Pacer}, a {@link io.workbench.loadgen.connection.ConnectionPool}
 * spread over source addresses and three latencies per request in HdrHistogram recorders
 * ({@link io.workbench.loadgen.record.LatencyRecorders}); {@link io.workbench.loadgen.output.RunFiles}
 * writes summary.json and the percentile distributions beside the interval log.
 */
package io.workbench.loadgen;
