package io.workbench.stress.client.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.stress.client.RecordingListener;
import io.workbench.stress.io.ActorTags;
import org.junit.jupiter.api.Test;

/**
 * The queue fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real ExchangeQueue: no variant is selected.)
 */
class QueueRaceTest {

    private final ActorTags tags = new ActorTags();
    private final RecordingListener listener = new RecordingListener(tags);

    @Test
    void aRequestSentBeforeTheCloseIsFailedByTheCloser() {
        QueueRace race = new QueueRace(2);
        assertEquals("accepted", race.send(listener));
        race.close();
        assertEquals("failed:CLOSED@s", listener.render());
        assertEquals("CLOSED claimed=1", race.state());
    }

    @Test
    void aRequestSentAfterTheCloseIsRefusedAndNeverCompleted() {
        QueueRace race = new QueueRace(2);
        race.close();
        assertEquals("REFUSED_CLOSED", race.send(listener));
        assertEquals("none", listener.render());
        assertEquals("CLOSED claimed=0", race.state());
    }

    @Test
    void theShutCountsTheClaimsBeforeItAndRefusesTheRest() {
        QueueRace race = new QueueRace(2);
        assertEquals("0", race.claim(false));
        assertEquals(1, race.shut());
        assertEquals("REFUSED_SHUT", race.claim(false));
        assertEquals("SHUT claimed=1", race.state());
    }

    @Test
    void theLastRequestShutsAdmissionAndAFullQueueSaysSo() {
        QueueRace last = new QueueRace(2);
        assertEquals("0", last.claim(true));
        assertEquals("REFUSED_SHUT", last.claim(false));

        QueueRace full = new QueueRace(1);
        assertEquals("0", full.claim(false));
        assertEquals("FULL", full.claim(false));
    }
}
