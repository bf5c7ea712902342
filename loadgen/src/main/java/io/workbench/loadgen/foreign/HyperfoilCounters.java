package io.workbench.loadgen.foreign;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What Hyperfoil counted for a run's measured phases, under its own names (its
 * {@code StatisticsSnapshot} and {@code StatisticsSummary} fields, and the {@code http} extension's
 * status counts), with the accounting check of Hyperfoil 0.25's own bookkeeping:
 *
 * <ul>
 *   <li>{@code requestCount} counts a request once its bytes are written ({@code SendHttpRequestStep});</li>
 *   <li>each written request then ends exactly one way: its response recorded ({@code responseCount},
 *       in {@code handleEnd}), or cancelled by its connection failing or closing
 *       ({@code connectionErrors}, in {@code handleThrowable}). A request that times out is counted in
 *       {@code requestTimeouts} and then has its connection closed, which cancels it: it is a
 *       connection error as well. So {@code requestCount = responseCount + connectionErrors} and
 *       {@code requestTimeouts <= connectionErrors};</li>
 *   <li>the status of a response is counted when its status line arrives ({@code status_2xx}...), so
 *       every recorded response has one: {@code responseCount <= sum of statuses <= requestCount}
 *       (a status can be counted for a response whose body then failed);</li>
 *   <li>{@code invalid} (responses a handler rejected) and {@code internalErrors} (a handler failing)
 *       mark requests already counted one of the ways above; they are kept, never added.</li>
 * </ul>
 *
 * When the counts break one of these, {@link #accountingMismatches()} says which: the run's figures
 * cannot be trusted, and nothing is adjusted to hide it. {@code blockedTimeNanos} is the time
 * sessions waited for a connection from Hyperfoil's pool (its {@code blockedTime}).
 *
 * @param requestCount     requests written
 * @param responseCount    responses recorded
 * @param invalid          responses or requests marked invalid
 * @param connectionErrors requests cancelled by their connection failing or closing (time-outs included)
 * @param requestTimeouts  requests that timed out
 * @param internalErrors   handler failures
 * @param blockedTimeNanos time sessions waited for a connection
 * @param statuses         the http extension's counts, or null when the run had none
 */
public record HyperfoilCounters(long requestCount, long responseCount, long invalid, long connectionErrors,
                                long requestTimeouts, long internalErrors, long blockedTimeNanos, Statuses statuses) {

    /** Responses by status class, as Hyperfoil's {@code HttpStats} counts them. */
    public record Statuses(long status2xx, long status3xx, long status4xx, long status5xx, long statusOther) {

        public long total() {
            return status2xx + status3xx + status4xx + status5xx + statusOther;
        }

        Statuses plus(Statuses other) {
            return new Statuses(status2xx + other.status2xx, status3xx + other.status3xx, status4xx + other.status4xx,
                    status5xx + other.status5xx, statusOther + other.statusOther);
        }
    }

    public static final HyperfoilCounters NONE = new HyperfoilCounters(0, 0, 0, 0, 0, 0, 0, null);

    public HyperfoilCounters plus(HyperfoilCounters other) {
        Statuses sum = statuses == null ? other.statuses : other.statuses == null ? statuses : statuses.plus(other.statuses);
        return new HyperfoilCounters(requestCount + other.requestCount, responseCount + other.responseCount,
                invalid + other.invalid, connectionErrors + other.connectionErrors, requestTimeouts + other.requestTimeouts,
                internalErrors + other.internalErrors, blockedTimeNanos + other.blockedTimeNanos, sum);
    }

    /** Where the counts break Hyperfoil's own bookkeeping (see the class comment), one sentence each; empty when they add up. */
    public List<String> accountingMismatches() {
        List<String> mismatches = new ArrayList<>();
        if (requestCount != responseCount + connectionErrors) {
            mismatches.add(String.format(Locale.ROOT, "Hyperfoil's counters do not add up: %d requests written, but %d responses "
                    + "and %d connection errors (every written request ends one of those ways)", requestCount, responseCount, connectionErrors));
        }
        if (requestTimeouts > connectionErrors) {
            mismatches.add(String.format(Locale.ROOT, "Hyperfoil's counters do not add up: %d time-outs but only %d connection "
                    + "errors (a time-out closes its connection, which counts it as one)", requestTimeouts, connectionErrors));
        }
        if (statuses != null && (statuses.total() < responseCount || statuses.total() > requestCount)) {
            mismatches.add(String.format(Locale.ROOT, "Hyperfoil's counters do not add up: %d statuses counted for %d responses "
                    + "of %d requests written", statuses.total(), responseCount, requestCount));
        }
        return mismatches;
    }

    /** Responses with a 2xx status (without the http extension: every response not marked invalid). */
    public long ok() {
        if (statuses == null) {
            return Math.max(0, responseCount - invalid);
        }
        return Math.min(statuses.status2xx(), responseCount);
    }

    /**
     * The requests that did not end well, by kind, disjoint, so that with {@link #requestTimeouts}
     * they add up to {@code requestCount} exactly when the accounting holds: {@code non_2xx}
     * (responses without a 2xx status) and {@code connection_error} (cancelled by their connection,
     * time-outs left out as they are counted in {@code timedOut}).
     */
    public Map<String, Long> errorsByKind() {
        Map<String, Long> errors = new TreeMap<>();
        errors.put("non_2xx", Math.max(0, responseCount - ok()));
        errors.put("connection_error", Math.max(0, connectionErrors - requestTimeouts));
        return errors;
    }

    /** The counters under Hyperfoil's names, for {@code summary.json}'s {@code counters}. */
    public Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("requestCount", requestCount);
        map.put("responseCount", responseCount);
        map.put("invalid", invalid);
        map.put("connectionErrors", connectionErrors);
        map.put("requestTimeouts", requestTimeouts);
        map.put("internalErrors", internalErrors);
        map.put("blockedTimeMs", blockedTimeNanos / 1e6);
        if (statuses != null) {
            map.put("status_2xx", statuses.status2xx());
            map.put("status_3xx", statuses.status3xx());
            map.put("status_4xx", statuses.status4xx());
            map.put("status_5xx", statuses.status5xx());
            map.put("status_other", statuses.statusOther());
        }
        return map;
    }
}
