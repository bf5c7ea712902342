package io.workbench.iocore.http.server;

import io.workbench.iocore.http.BadMessageException;
import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A blocking client over a plain socket, for what a well-behaved client would not send: raw bytes
 * out, responses parsed with iocore's own response parser, and a clear answer to "did the server
 * close the connection?".
 */
final class RawClient implements AutoCloseable {

    /** A response as the client read it; header names lower-cased. */
    record Reply(int status, Map<String, String> headers, String body, int bodyBytes) {
        String header(String name) {
            return headers.get(name);
        }
    }

    final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final HttpParser parser = HttpParser.forResponses();
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024).flip();

    RawClient(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(20_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    RawClient send(String text) throws IOException {
        return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    RawClient send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    /** Reads one complete response (to a GET). */
    Reply read() throws IOException {
        return read(HttpMethod.GET);
    }

    Reply read(HttpMethod requestMethod) throws IOException {
        parser.expectResponseTo(requestMethod);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        HttpParser.Handler handler = new HttpParser.Handler() {
            @Override
            public boolean headComplete(HttpParser p) {
                return false;
            }

            @Override
            public boolean content(HttpParser p, ByteBuffer content) {
                byte[] bytes = new byte[content.remaining()];
                content.get(bytes);
                body.writeBytes(bytes);
                return false;
            }

            @Override
            public void messageComplete(HttpParser p) {
            }
        };
        try {
            while (true) {
                if (buffer.hasRemaining() && parser.parse(buffer, handler) == HttpParser.Progress.MESSAGE_COMPLETE) {
                    break;
                }
                buffer.compact();
                int n = in.read(buffer.array(), buffer.position(), buffer.remaining());
                if (n < 0) {
                    buffer.flip();
                    if (parser.endOfInput(handler) == HttpParser.Progress.MESSAGE_COMPLETE) {
                        break;
                    }
                    throw new IOException("the server closed before a response (" + parser + ")");
                }
                buffer.position(buffer.position() + n).flip();
            }
            Map<String, String> headers = new HashMap<>();
            HttpFields fields = parser.fields();
            for (int i = 0; i < fields.size(); i++) {
                headers.put(fields.name(i).toLowerCase(java.util.Locale.ROOT), fields.value(i));
            }
            Reply reply = new Reply(parser.status(), headers, body.toString(StandardCharsets.UTF_8), body.size());
            parser.reset();
            return reply;
        } catch (BadMessageException x) {
            throw new IOException("bad response: " + x.getMessage(), x);
        }
    }

    /**
     * @return true if the server closed the connection (end of stream, or a reset) with nothing
     *         more to read; false if bytes arrived; throws if nothing happened within the timeout
     */
    boolean closedByServer() throws IOException {
        if (buffer.hasRemaining()) {
            return false;
        }
        try {
            return in.read() < 0;
        } catch (SocketException reset) {
            return true;
        } catch (SocketTimeoutException x) {
            throw new AssertionError("the server neither closed the connection nor sent anything within the timeout");
        }
    }

    /** Closes with a reset (SO_LINGER 0) instead of a FIN. */
    void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
