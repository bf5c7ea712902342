/**
 * The statistics behind the main job's findings: a scenario's figure per target (the median of the
 * time a target added beyond the wait, read from the interval logs' buckets; CPU per request; the
 * most requests in flight), a hierarchical bootstrap over rounds and one-second intervals that
 * pairs the targets measured in the same round, the three outcomes of a pair against a practical
 * margin with Holm's correction over the pairs of a scenario, and the ranking they allow. Nothing
 * here reads a run's files or writes a report; it is given samples and returns numbers.
 */
package io.workbench.mainjob.findings;
