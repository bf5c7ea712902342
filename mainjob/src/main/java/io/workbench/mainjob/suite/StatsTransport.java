package io.workbench.mainjob.suite;

import java.util.Optional;

/** One GET to the target, however it gets there; empty when there was no answer. */
public interface StatsTransport extends AutoCloseable {

    /** @param status the HTTP status; @param body the body as text */
    record Answer(int status, String body) {
    }

    Optional<Answer> get(String path);

    @Override
    void close();
}
