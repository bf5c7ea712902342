package io.workbench.loadgen.run;

import io.workbench.loadgen.record.LatencyRecorders;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The measured phase's latency distributions, one per kind, in microseconds. */
public record Latencies(Map<LatencyRecorders.Kind, Histogram> byKind) {

    public Latencies {
        byKind = new EnumMap<>(byKind);
        for (LatencyRecorders.Kind kind : LatencyRecorders.Kind.values()) {
            if (!byKind.containsKey(kind)) {
                throw new IllegalArgumentException("no " + kind + " distribution");
            }
        }
    }

    /** @return empty distributions of every kind */
    public static Latencies empty() {
        Map<LatencyRecorders.Kind, Histogram> map = new EnumMap<>(LatencyRecorders.Kind.class);
        for (LatencyRecorders.Kind kind : LatencyRecorders.Kind.values()) {
            map.put(kind, LatencyRecorders.newHistogram());
        }
        return new Latencies(map);
    }

    public Histogram of(LatencyRecorders.Kind kind) {
        return byKind.get(kind);
    }

    public Histogram intendedToEnd() {
        return of(LatencyRecorders.Kind.INTENDED_TO_END);
    }

    public Histogram sendToEnd() {
        return of(LatencyRecorders.Kind.SEND_TO_END);
    }

    public Histogram lateness() {
        return of(LatencyRecorders.Kind.LATENESS);
    }

    public Histogram connectionWait() {
        return of(LatencyRecorders.Kind.CONNECTION_WAIT);
    }

    public Histogram triedToEnd() {
        return of(LatencyRecorders.Kind.TRIED_TO_END);
    }
}
