/**
 * The open-model HTTP load generator: seeded arrival schedules, connections spread over source
 * addresses, three latencies per request recorded in HdrHistogram recorders, interval logs,
 * percentile distributions and suite reports. Populated by the load-generator issue.
 */
package io.workbench.loadgen;
