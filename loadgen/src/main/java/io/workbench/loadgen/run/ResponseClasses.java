package io.workbench.loadgen.run;

import io.workbench.iocore.http.BadMessageException;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpParser;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.loadgen.record.ErrorKind;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Loads the classes that reading a response and failing a request need, before the run opens its
 * connections. Past the descriptor limit the JVM cannot open its class path to load a class, and a
 * generator that meets its first response or its first failure only then (priming stops early for a
 * target asked to wait, and may see no response at all) would fail on a missing class instead of
 * counting the request. A canned response through a response parser, and the error kinds, do it.
 */
final class ResponseClasses {

    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello"
            + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n").getBytes(StandardCharsets.US_ASCII);

    private ResponseClasses() {
    }

    static void load() {
        HttpParser parser = HttpParser.forResponses();
        HttpParser.Handler handler = new HttpParser.Handler() {
            @Override
            public boolean headComplete(HttpParser p) {
                p.status();
                p.isPersistent();
                return false;
            }

            @Override
            public boolean content(HttpParser p, ByteBuffer content) {
                return false;
            }

            @Override
            public void messageComplete(HttpParser p) {
            }
        };
        ByteBuffer input = ByteBuffer.wrap(RESPONSE);
        try {
            while (input.hasRemaining()) {
                parser.expectResponseTo(HttpMethod.GET);
                parser.parse(input, handler);
                parser.reset();
            }
        } catch (BadMessageException x) {
            throw new IllegalStateException("the canned response did not parse: " + x, x);
        }
        for (HttpClientException.Kind kind : HttpClientException.Kind.values()) {
            new HttpClientException(kind, "loaded").getMessage();
        }
        ErrorKind.values();
    }
}
