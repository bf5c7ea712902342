package io.workbench.iocore.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.workbench.iocore.http.HttpParser.Progress;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The hot path allocates nothing once its arrays have grown to the messages it sees, but for one
 * read-only view of the content of a message that has content (the parser drops it at reset(), so
 * that an idle parser holds no input buffer): parsing the request wrk sends allocates nothing,
 * parsing a pipelined chunked request or the hello response one view per message with content,
 * or nothing when the view is retained across messages of one buffer; generating the hello
 * response nothing. Measured with the JVM's per-thread allocation counter,
 * which counts every byte this thread allocates, JIT or not.
 */
class AllocationTest {

    private static final int WARM_UP = 20_000;
    private static final int MEASURED = 100_000;
    /** Far below one byte per operation: only the measurement itself may allocate. */
    private static final long TOLERANCE = 4096;
    /** A read-only heap ByteBuffer: 56 bytes with compressed references, more without. */
    private static final long VIEW_BYTES = 80;

    private static final byte[] WRK = HttpParserRequestTest.WRK.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PIPELINE = ("POST /upload?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: test\r\nAccept: */*\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n5;ext\r\nhello\r\n6\r\n world\r\n0\r\nX-Sum: 1\r\n\r\n" + HttpParserRequestTest.WRK)
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HELLO_RESPONSE = "HTTP/1.1 200 OK\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"
            .getBytes(StandardCharsets.US_ASCII);

    /** Reads what a server would read, so that nothing is optimised away. */
    private static final class Consumer implements HttpParser.Handler {
        long sum;

        @Override
        public boolean headComplete(HttpParser parser) {
            sum += parser.fields().size() + parser.bodyFraming().ordinal() + (parser.isPersistent() ? 1 : 0);
            return false;
        }

        @Override
        public boolean content(HttpParser parser, ByteBuffer content) {
            sum += content.remaining() + content.get(content.position());
            return false;
        }

        @Override
        public void messageComplete(HttpParser parser) {
            sum += parser.trailers().size();
        }
    }

    private interface Operation {
        void run() throws Exception;
    }

    private static long allocatedBy(Operation operation) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(), "no allocation counter in this JVM");
        for (int i = 0; i < WARM_UP; i++) {
            operation.run();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < MEASURED; i++) {
            operation.run();
        }
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    private static void parseAll(HttpParser parser, ByteBuffer input, Consumer consumer) throws BadMessageException {
        input.clear();
        while (input.hasRemaining()) {
            if (parser.parse(input, consumer) != Progress.MESSAGE_COMPLETE) {
                throw new AssertionError("incomplete");
            }
            parser.reset();
        }
    }

    @Test
    void parsingTheWrkRequest() throws Exception {
        for (ByteBuffer input : new ByteBuffer[]{ByteBuffer.wrap(WRK), ByteBuffer.allocateDirect(WRK.length).put(WRK)}) {
            HttpParser parser = HttpParser.forRequests();
            Consumer consumer = new Consumer();
            long allocated = allocatedBy(() -> parseAll(parser, input, consumer));
            assertTrue(allocated < TOLERANCE, allocated + " bytes for " + MEASURED + " requests in " + input);
            assertEquals(2 * (WARM_UP + MEASURED), consumer.sum, "every request parsed: 1 field, persistent");
        }
    }

    @Test
    void aRepeatedTargetIsDecodedOnce() throws Exception {
        HttpParser parser = HttpParser.forRequests();
        Consumer consumer = new Consumer();
        ByteBuffer input = ByteBuffer.wrap("GET /hello?wait=0 HTTP/1.1\r\nHost: h\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        long[] length = new long[1];
        long allocated = allocatedBy(() -> {
            input.clear();
            parser.parse(input, consumer);
            length[0] += parser.target().length() + parser.path().length() + parser.query().length();
            parser.reset();
        });
        assertTrue(allocated < TOLERANCE, allocated + " bytes for " + MEASURED + " requests repeating their target");
        assertEquals((WARM_UP + MEASURED) * (13L + 6 + 6), length[0]);
    }

    @Test
    void parsingAPipelinedChunkedRequest() throws Exception {
        HttpParser parser = HttpParser.forRequests();
        Consumer consumer = new Consumer();
        ByteBuffer input = ByteBuffer.wrap(PIPELINE);
        long allocated = allocatedBy(() -> parseAll(parser, input, consumer));
        assertTrue(allocated < MEASURED * VIEW_BYTES + TOLERANCE, allocated + " bytes for " + MEASURED + " pipelines: more than one view per message with content");
    }

    @Test
    void parsingTheHelloResponse() throws Exception {
        HttpParser parser = HttpParser.forResponses();
        Consumer consumer = new Consumer();
        ByteBuffer input = ByteBuffer.wrap(HELLO_RESPONSE);
        long allocated = allocatedBy(() -> parseAll(parser, input, consumer));
        assertTrue(allocated < MEASURED * VIEW_BYTES + TOLERANCE, allocated + " bytes for " + MEASURED + " responses: more than one view per response");
    }

    @Test
    void parsingTheHelloResponseWithTheContentViewRetained() throws Exception {
        // What a client connection does: one input buffer for the parser's whole life.
        HttpParser parser = HttpParser.forResponses().retainContentView();
        Consumer consumer = new Consumer();
        ByteBuffer input = ByteBuffer.wrap(HELLO_RESPONSE);
        long allocated = allocatedBy(() -> parseAll(parser, input, consumer));
        assertTrue(allocated < TOLERANCE, allocated + " bytes for " + MEASURED + " responses into the same buffer");
    }

    @Test
    void generatingTheHelloResponse() throws Exception {
        ResponseGenerator generator = new ResponseGenerator(() -> ResponseGeneratorTest.RFC_DATE_MILLIS);
        HttpFields fields = new HttpFields();
        ByteBuffer head = ByteBuffer.allocate(256);
        long allocated = allocatedBy(() -> {
            fields.clear();
            fields.add(ResponseGeneratorTest.TEXT_PLAIN);
            head.clear();
            generator.writeHead(head, HttpMethod.GET, HttpVersion.HTTP_1_1, 200, fields, 5, true);
            generator.writeContentPrefix(head, 5);
            generator.writeEnd(head, null);
            generator.reset();
        });
        assertTrue(allocated < TOLERANCE, allocated + " bytes for " + MEASURED + " response heads");
        assertEquals(HELLO_RESPONSE.length - 5, head.position());
    }
}
