package io.workbench.mainjob.report;

import java.util.Map;
import java.util.Optional;

/**
 * What the 2016 study published for each scenario (its table, on an AWS m4.large target with JDK 8),
 * in one sentence each, printed beside today's figures so a reader sees at once where a run agrees
 * with the study and where it does not. Only the study's own numbers; nothing here is measured.
 */
public final class StudyReference {

    private static final Map<String, String> SENTENCES = Map.of(
            "concurrency-level",
            "The 2016 study (54,000 at once): servers with a thread per request started at most their pool "
                    + "(Jetty 9,997, Tomcat 9,999, Undertow sync 4,999); Quasar-fiber targets nearly all (Comsat Jetty "
                    + "Servlet Sync 54,001, Comsat Netty Web Actors 53,448); most async ones many, some with errors "
                    + "(Jetty Async complete 47,970 and 1,909 errors).",
            "slow-requests",
            "The 2016 study: every target's mean between 1,000.6 and 1,006.0 ms (sync servers lowest, Tomcat "
                    + "Servlet Sync 1,000.625 ms), maxima 1,037 to 1,246 ms, no errors.",
            "high-concurrency",
            "The 2016 study: best mean 107.7 ms (Comsat Netty Web Actors, max 1,106.2 ms); sync Jetty Servlet "
                    + "112.6 ms with a tail cluster up to 1,114.6 ms it left unexplained; every Tomcat target failed "
                    + "the run; Undertow Servlet Async dispatch 1,756.2 ms mean with 83% errors.",
            "overhead",
            "The 2016 study: means from 159.5 ms (Tomcat Servlet Async complete) to 697.8 ms (Undertow Servlet "
                    + "Async dispatch); the Jetty Sync handler 193.5 ms with the lowest maximum, 1,779.4 ms; no errors.",
            "stream",
            "Not in the 2016 study: it is this workbench's addition, the write path under back-pressure.");

    private StudyReference() {
    }

    public static Optional<String> sentence(String scenario) {
        return Optional.ofNullable(SENTENCES.get(scenario));
    }
}
