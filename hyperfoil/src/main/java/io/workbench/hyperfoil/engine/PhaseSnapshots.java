package io.workbench.hyperfoil.engine;

import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.statistics.StatisticsCollector;
import io.hyperfoil.core.util.CountDown;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What Hyperfoil's in-process runner hands over as its phases end: for each phase, one statistics
 * snapshot per collection interval (HdrHistograms of response times in nanoseconds, counts). The
 * runner may hand over an interval in parts (what it had collected when one phase ended, the rest
 * later), so parts of the same interval are added up, never replaced.
 */
final class PhaseSnapshots implements StatisticsCollector.StatisticsConsumer {

    /** phase name -> interval sequence number -> the interval's statistics, all metrics together. */
    private final Map<String, TreeMap<Integer, StatisticsSnapshot>> byPhase = new HashMap<>();
    private final Map<String, Boolean> warmup = new HashMap<>();

    @Override
    public synchronized void accept(Phase phase, int stepId, String metric, StatisticsSnapshot snapshot, CountDown countDown) {
        warmup.put(phase.name(), phase.isWarmup);
        byPhase.computeIfAbsent(phase.name(), name -> new TreeMap<>())
                .computeIfAbsent(snapshot.sequenceId, id -> {
                    StatisticsSnapshot empty = new StatisticsSnapshot();
                    empty.sequenceId = id;
                    return empty;
                })
                .add(snapshot);
    }

    /** The intervals of every phase not marked warm-up, in phase-name then time order. */
    synchronized List<StatisticsSnapshot> measuredIntervals() {
        List<StatisticsSnapshot> intervals = new ArrayList<>();
        new TreeMap<>(byPhase).forEach((phase, snapshots) -> {
            if (!warmup.getOrDefault(phase, false)) {
                intervals.addAll(snapshots.values());
            }
        });
        return intervals;
    }

    synchronized long warmupRequests() {
        return byPhase.entrySet().stream().filter(entry -> warmup.getOrDefault(entry.getKey(), false))
                .flatMap(entry -> entry.getValue().values().stream()).mapToLong(snapshot -> snapshot.requestCount).sum();
    }

    @Override
    public synchronized String toString() {
        return "PhaseSnapshots@" + Integer.toHexString(hashCode()) + byPhase.keySet();
    }
}
