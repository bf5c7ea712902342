package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.client.ExchangeQueue.Admission;
import io.workbench.iocore.http.client.HttpClientException.Kind;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The admission machine and the slot arithmetic of {@link ExchangeQueue}, one thread at a time
 * (the races are closed by CAS and argued in the class comment; the socket tests drive them).
 */
class ExchangeQueueTest {

    private static ExchangeQueue queue(int maxInFlight) {
        return new ExchangeQueue(maxInFlight, () -> new HttpExchange(null));
    }

    @Test
    void claimsUpToTheBoundThenFullUntilAnswered() {
        ExchangeQueue queue = queue(3);
        assertEquals(0, queue.claim(false));
        assertEquals(1, queue.claim(false));
        assertEquals(2, queue.claim(false));
        assertEquals(ExchangeQueue.FULL, queue.claim(false));
        assertEquals(3, queue.outstanding());
        queue.answered(1);
        assertEquals(3, queue.claim(false));
        assertEquals(ExchangeQueue.FULL, queue.claim(false));
        assertEquals(Admission.OPEN, queue.admission());
    }

    @Test
    void theSlotBeingAnsweredIsNeverOneThatCanBeClaimed() {
        for (int max : new int[]{1, 2, 3, 4, 7, 8, 1024}) {
            ExchangeQueue queue = queue(max);
            for (long answered = 0; answered < 3L * max; answered++) {
                // Request answered-1 is the one whose listener runs; up to answered+max-1 may be claimed meanwhile.
                Set<HttpExchange> claimable = new HashSet<>();
                for (long seq = answered; seq < answered + max; seq++) {
                    claimable.add(queue.slot(seq));
                }
                assertEquals(max, claimable.size(), "outstanding requests share a slot, max " + max);
                if (answered > 0) {
                    assertFalse(claimable.contains(queue.slot(answered - 1)), "max " + max + ", answered " + answered);
                }
            }
            assertNotSame(queue.slot(0), queue.slot(1));
            int slots = Integer.highestOneBit(2 * max - 1) << 1;
            assertSame(queue.slot(0), queue.slot(slots));
        }
    }

    @Test
    void theSlotOfAnUnansweredRequestIsNotReusedWhileItsWriteIsUnderWay() {
        // Request n unanswered when the flusher stamps it: reusing its slot takes a claim of a
        // request at least n + 2 * max (answered must pass n + max, which takes requests written
        // after this write). So none of the next 2 * max - 1 requests may share n's slot.
        for (int max : new int[]{1, 2, 3, 4, 5, 7, 8, 100, 1024}) {
            ExchangeQueue queue = queue(max);
            for (long n = 0; n < 4L * max; n++) {
                for (long later = n + 1; later < n + 2L * max; later++) {
                    assertNotSame(queue.slot(n), queue.slot(later), "max " + max + ": requests " + n + " and " + later);
                }
            }
        }
    }

    @Test
    void aLastRequestShutsAdmission() {
        ExchangeQueue queue = queue(4);
        assertEquals(0, queue.claim(true));
        assertEquals(Admission.SHUT, queue.admission());
        assertEquals(ExchangeQueue.REFUSED_SHUT, queue.claim(false));
        assertEquals(1, queue.claimed());
    }

    @Test
    void shutFreezesTheCountAndCloseRefusesForGood() {
        ExchangeQueue queue = queue(4);
        queue.claim(false);
        queue.claim(false);
        assertEquals(2, queue.shut());
        assertEquals(ExchangeQueue.REFUSED_SHUT, queue.claim(false));
        assertEquals(2, queue.shut(), "shut twice changes nothing");
        HttpClientException failure = new HttpClientException(Kind.CLOSED, "closed");
        queue.close(failure);
        assertTrue(queue.isClosed());
        assertSame(failure, queue.closeFailure());
        assertEquals(ExchangeQueue.REFUSED_CLOSED, queue.claim(false));
        queue.close(new HttpClientException(Kind.ABORTED, "again"));
        assertSame(failure, queue.closeFailure(), "the first failure stays");
        assertEquals(2, queue.claimed());
    }

    @Test
    void closeFromOpenIsAllowed() {
        ExchangeQueue queue = queue(1);
        queue.close(new HttpClientException(Kind.RESET, "reset"));
        assertEquals(Admission.CLOSED, queue.admission());
        assertEquals(0, queue.shut(), "shut after close leaves it closed");
        assertEquals(Admission.CLOSED, queue.admission());
    }

    @Test
    void anExchangeEndsOnceAndOnlyForItsOwnSequence() {
        ExchangeQueue queue = queue(1);
        long seq = queue.claim(false);
        HttpExchange exchange = queue.slot(seq);
        int[] completions = new int[1];
        exchange.prepare(seq, HttpRequest.get("/x"), e -> completions[0]++, 7, System.nanoTime(), HttpRequest.NO_TIMEOUT);
        assertFalse(exchange.isActive(seq), "not before it is published");
        assertFalse(exchange.succeed(seq, 1), "nothing to end before it is published");
        exchange.publish(seq);
        assertTrue(exchange.isActive(seq));
        assertEquals(HttpExchange.NO_DEADLINE, exchange.activeDeadline(seq));
        assertFalse(exchange.fail(seq + 2, new HttpClientException(Kind.CLOSED, "stale"), 1), "a stale sequence ends nothing");
        assertTrue(exchange.fail(seq, new HttpClientException(Kind.CLOSED, "closed"), 1));
        assertFalse(exchange.succeed(seq, 2));
        assertFalse(exchange.fail(seq, new HttpClientException(Kind.RESET, "reset"), 2));
        assertEquals(1, completions[0]);
        assertEquals(Kind.CLOSED, exchange.failure().kind());
        assertFalse(exchange.isSucceeded());
    }

    @Test
    void aDeadlineIsReadOnlyForTheRequestThatHoldsTheSlot() {
        ExchangeQueue queue = queue(1);
        HttpExchange exchange = queue.slot(0);
        long now = System.nanoTime();
        exchange.prepare(0, HttpRequest.get("/x"), e -> { }, 0, now, 100);
        exchange.publish(0);
        assertEquals(now + 100_000_000L, exchange.activeDeadline(0));
        assertEquals(HttpExchange.NO_DEADLINE, exchange.activeDeadline(2), "another request's view of the slot");
        assertTrue(exchange.isExpired(now + 100_000_000L));
        assertFalse(exchange.isExpired(now + 99_999_999L));
        exchange.succeed(0, now);
        assertEquals(HttpExchange.NO_DEADLINE, exchange.activeDeadline(0), "an ended request has no deadline");
    }
}
