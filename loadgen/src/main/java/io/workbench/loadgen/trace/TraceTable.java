package io.workbench.loadgen.trace;

import java.util.Locale;
import java.util.Map;

/** The lines a traced run adds to the final table on stderr: where the time went, part by part. */
public final class TraceTable {

    private TraceTable() {
    }

    public static String render(RunTrace.Outcome outcome) {
        StringBuilder out = new StringBuilder();
        if (outcome.breakdown() == null) {
            out.append("trace      NOT JOINED: ").append(outcome.failure()).append('\n');
            return out.toString();
        }
        TraceBreakdown b = outcome.breakdown();
        out.append(String.format(Locale.ROOT, "trace      %s; %d of %d measured responses joined (no target record %d, incomplete %d; "
                        + "target records of no request %d; dropped by the target %d; retried %d, censored %d, timed out %d)%n",
                b.cell(), b.joined(), b.measuredResponses(), b.unmatchedGenerator(), b.incomplete(), b.unmatchedTarget(),
                b.droppedByTarget(), b.retried(), b.censored(), b.timedOut()));
        out.append("           first read: ").append(b.firstRead()).append('\n');
        out.append(String.format(Locale.ROOT, "%-34s %10s %10s %10s %10s%n", "part ms", "p50", "p99", "max", "below 0"));
        for (Map.Entry<TracePart, TraceBreakdown.Figures> part : b.parts().entrySet()) {
            row(out, part.getKey().key() + " (" + part.getKey().span() + ")", part.getValue());
        }
        row(out, "intended->end", b.intendedToEnd());
        row(out, "server's write, as it saw it", b.serverWriteAsItSaw());
        out.append(String.format(Locale.ROOT, "%-34s %10.3f%n", "the parts' medians added up", b.sumOfPartMediansMs()));
        out.append("clock      ").append(b.clock().reason()).append('\n');
        return out.toString();
    }

    private static void row(StringBuilder out, String name, TraceBreakdown.Figures figures) {
        String label = name.length() > 34 ? name.substring(0, 34) : name;
        out.append(String.format(Locale.ROOT, "%-34s %10.3f %10.3f %10.3f %10d%n", label, figures.p50Ms(), figures.p99Ms(), figures.maxMs(),
                figures.negative()));
    }
}
