package io.workbench.mainjob.report.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A target's {@code GET /stats} answer: /hello requests started, completed, in flight now and the
 * most ever in flight at once since the target started.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TargetStats(long started, long completed, long inFlight, long maxInFlight) {
}
