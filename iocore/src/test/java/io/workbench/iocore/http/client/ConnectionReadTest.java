package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.CHUNKED;
import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import java.nio.ByteBuffer;
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
        HttpClientConnection connection = new HttpClientConnection(endPoint, client, null, input);
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
        assertEquals(3, wakes, "eight full reads and a last one: three wakes");
        assertEquals(buffers, endPoint.fillBuffers.size(), "and no read more than the bytes needed");
        assertEquals(bodyLength, outcomes.get(0).contentBytes());
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
