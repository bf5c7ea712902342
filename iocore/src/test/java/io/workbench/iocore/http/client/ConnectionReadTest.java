package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.CHUNKED;
import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.iocore.selector.ScheduledTask;
import io.workbench.iocore.selector.SelectorManager;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * How a connection reads, over a scripted endpoint that counts every read: into its selector's
 * one direct buffer, shared with the selector's other connections; never a read whose only use is
 * to return 0; and a body only counted when the listener does not want it.
 */
class ConnectionReadTest {

    private static final int BUFFER = 64 * 1024;

    private final HttpClient client = new HttpClient(TestClients.config("reads"));

    private HttpClientConnection connection(ScriptedClientEndPoint endPoint, SelectorReadBuffer input) {
        return connection(endPoint, input, null);
    }

    private HttpClientConnection connection(ScriptedClientEndPoint endPoint, SelectorReadBuffer input, ManagedSelector selector) {
        HttpClientConnection connection = new HttpClientConnection(endPoint, client, selector, input);
        endPoint.connection(connection);
        // What onOpen does, without the client (it is not started).
        connection.fillInterested();
        return connection;
    }

    @Test
    void aReadThatDidNotFillTheBufferIsNotFollowedByOneThatReturnsZero() {
        ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
        HttpClientConnection connection = connection(endPoint, new SelectorReadBuffer(BUFFER));
        Outcomes outcomes = new Outcomes();
        assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/hello"), outcomes, 0));
        endPoint.deliver(HELLO);
        endPoint.readable();
        assertEquals(1, outcomes.completedCount());
        assertEquals("hello", outcomes.get(0).body());
        assertEquals(1, endPoint.fillBuffers.size(), "one read for a response that did not fill the buffer");
        assertTrue(endPoint.readInterested(), "waiting for the selector to say there is more");
    }

    @Test
    void aReadThatFilledTheBufferIsFollowedByAnother() {
        ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
        HttpClientConnection connection = connection(endPoint, new SelectorReadBuffer(BUFFER));
        Outcomes outcomes = new Outcomes();
        assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/full"), outcomes, 0));
        String head = "HTTP/1.1 200 OK\r\nContent-Length: ";
        // A response of exactly one buffer, then its second half in the next read.
        int bodyLength = BUFFER;
        String fullHead = head + bodyLength + "\r\n\r\n";
        endPoint.deliver(fullHead + "x".repeat(BUFFER - fullHead.length()));
        endPoint.deliver("x".repeat(fullHead.length()));
        endPoint.readable();
        assertEquals(1, outcomes.completedCount());
        assertEquals(bodyLength, outcomes.get(0).contentBytes());
        assertEquals(2, endPoint.fillBuffers.size(), "a full buffer may leave more in the socket: read until a read does not fill it");
        assertTrue(endPoint.readInterested());
    }

    @Test
    void aBodyThatKeepsFillingTheBufferGivesTheSelectorBackEveryFewReads() {
        ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
        HttpClientConnection connection = connection(endPoint, new SelectorReadBuffer(BUFFER));
        Outcomes outcomes = new Outcomes();
        assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/big"), outcomes, 0));
        int buffers = 2 * HttpClientConnection.MAX_FULL_READS_PER_WAKE + 1;
        int bodyLength = buffers * BUFFER - 200;
        String head = "HTTP/1.1 200 OK\r\nContent-Length: " + bodyLength + "\r\n\r\n";
        int total = head.length() + bodyLength;
        endPoint.deliver(head + "x".repeat(BUFFER - head.length()));
        for (int i = 1; i < buffers - 1; i++) {
            endPoint.deliver("x".repeat(BUFFER));
        }
        endPoint.deliver("x".repeat(total - (buffers - 1) * BUFFER));
        int wakes = 0;
        while (outcomes.completedCount() == 0) {
            assertTrue(endPoint.readInterested(), "it waits for the selector between wakes");
            endPoint.readable();
            wakes++;
            assertTrue(endPoint.fillBuffers.size() <= wakes * HttpClientConnection.MAX_FULL_READS_PER_WAKE,
                    "at most " + HttpClientConnection.MAX_FULL_READS_PER_WAKE + " full reads a wake: " + endPoint.fillBuffers.size() + " in " + wakes);
        }
        assertEquals(3, wakes, (buffers - 1) + " full reads and a last one: three wakes");
        assertEquals(buffers, endPoint.fillBuffers.size(), "and no read more than the bytes needed");
        assertEquals(bodyLength, outcomes.get(0).contentBytes());
    }

    /**
     * On its selector's thread, a connection reading a body that keeps filling its buffer gives the
     * selector back after one full read when one of the selector's tasks is due (a load generator's
     * next arrival), and after the usual few when none is: the task waits for one read, not four.
     */
    @Test
    void aFullReadGivesTheSelectorBackAtOnceWhenOneOfItsTasksIsDue() throws Exception {
        SelectorManager manager = new SelectorManager(SelectorManager.Config.defaults().withName("reads").withSelectors(1));
        manager.start();
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            for (boolean due : new boolean[] {true, false}) {
                int[] reads = onSelector(selector, () -> {
                    ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
                    HttpClientConnection connection = connection(endPoint, new SelectorReadBuffer(BUFFER), selector);
                    connection.send(HttpRequest.get("/big"), new Outcomes(), 0);
                    int buffers = HttpClientConnection.MAX_FULL_READS_PER_WAKE + 2;
                    String head = "HTTP/1.1 200 OK\r\nContent-Length: " + (buffers * BUFFER) + "\r\n\r\n";
                    endPoint.deliver(head + "x".repeat(BUFFER - head.length()));
                    for (int i = 1; i < buffers; i++) {
                        endPoint.deliver("x".repeat(BUFFER));
                    }
                    ScheduledTask task = new ScheduledTask() {
                        @Override
                        public void run() {
                        }
                    };
                    long now = System.nanoTime();
                    selector.schedule(task, due ? now - 1 : now + TimeUnit.SECONDS.toNanos(10));
                    endPoint.readable();
                    int first = endPoint.fillBuffers.size();
                    boolean interested = endPoint.readInterested();
                    selector.cancel(task);
                    return new int[] {first, interested ? 1 : 0};
                });
                assertEquals(due ? 1 : HttpClientConnection.MAX_FULL_READS_PER_WAKE, reads[0], "full reads in one wake, a task due: " + due);
                assertEquals(1, reads[1], "it waits for the selector again, a task due: " + due);
            }
        } finally {
            manager.stop();
        }
    }

    private static int[] onSelector(ManagedSelector selector, Supplier<int[]> action) throws Exception {
        CompletableFuture<int[]> done = new CompletableFuture<>();
        assertTrue(selector.submit(() -> {
            try {
                done.complete(action.get());
            } catch (Throwable x) {
                done.completeExceptionally(x);
            }
        }));
        return done.get(10, TimeUnit.SECONDS);
    }

    @Test
    void theConnectionsOfASelectorReadIntoItsOneDirectBuffer() {
        SelectorReadBuffer shared = new SelectorReadBuffer(BUFFER);
        ScriptedClientEndPoint first = new ScriptedClientEndPoint();
        ScriptedClientEndPoint second = new ScriptedClientEndPoint();
        HttpClientConnection one = connection(first, shared);
        HttpClientConnection two = connection(second, shared);
        Outcomes outcomes = new Outcomes();
        one.send(HttpRequest.get("/one"), outcomes, 0);
        two.send(HttpRequest.get("/two"), outcomes, 1);
        // Half a response on the first connection: what the parser needs of it, it keeps itself.
        first.deliver(HELLO.substring(0, 30));
        first.readable();
        second.deliver(CHUNKED);
        second.readable();
        first.deliver(HELLO.substring(30));
        first.readable();
        assertEquals("hello", outcomes.get(0).body());
        assertEquals("hello world", outcomes.get(1).body());
        ByteBuffer buffer = first.fillBuffers.get(0);
        assertTrue(buffer.isDirect());
        assertEquals(BUFFER, buffer.capacity());
        for (ByteBuffer used : first.fillBuffers) {
            assertSame(buffer, used);
        }
        for (ByteBuffer used : second.fillBuffers) {
            assertSame(buffer, used, "one buffer per selector, not per connection");
        }
    }

    @Test
    void aListenerThatDoesNotWantTheContentGetsItCountedNotDelivered() {
        for (boolean wants : new boolean[]{false, true}) {
            ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
            HttpClientConnection connection = connection(endPoint, new SelectorReadBuffer(BUFFER));
            Outcomes outcomes = new Outcomes() {
                @Override
                public boolean wantsContent() {
                    return wants;
                }
            };
            connection.send(HttpRequest.get("/chunked"), outcomes, 0);
            endPoint.deliver(CHUNKED);
            endPoint.readable();
            connection.send(HttpRequest.get("/length"), outcomes, 1);
            endPoint.deliver(HELLO);
            endPoint.readable();
            outcomes.assertEachCompletedOnce(2);
            assertEquals(11, outcomes.get(0).contentBytes());
            assertEquals(5, outcomes.get(1).contentBytes());
            assertEquals(wants ? "hello world" : "", outcomes.get(0).body(), "wantsContent " + wants);
            assertEquals(wants ? "hello" : "", outcomes.get(1).body(), "wantsContent " + wants);
        }
    }
}
