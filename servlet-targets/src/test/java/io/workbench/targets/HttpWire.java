package io.workbench.targets;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A raw HTTP/1.1 connection for the tests that a real client hides: keep-alive reuse, pipelining
 * order, {@code Connection: close}, a client that reads a stream slowly. Writes exactly the bytes
 * it is given; reads responses framed by {@code Content-Length}, as every target sends them.
 */
final class HttpWire implements AutoCloseable {

    /** A status line and its headers (names in lower case). */
    record Head(int status, Map<String, String> headers) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        long contentLength() throws IOException {
            String length = headers.get("content-length");
            if (length == null) {
                throw new IOException("response without Content-Length: " + status + " " + headers);
            }
            return Long.parseLong(length);
        }
    }

    record Response(int status, Map<String, String> headers, byte[] bodyBytes) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String body() {
            return new String(bodyBytes, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final InputStream in;

    HttpWire(int port) throws IOException {
        this(port, -1);
    }

    /** @param receiveBuffer the socket's receive buffer in bytes (asked before connecting, so the kernel does not grow it), or -1 */
    HttpWire(int port, int receiveBuffer) throws IOException {
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        // Each write() goes out as written: a test that splits a request means the split.
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(10_000);
        in = new BufferedInputStream(socket.getInputStream(), 8192);
    }

    static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    static String head(String target) {
        return "HEAD " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    void write(String requests) throws IOException {
        socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    Response read() throws IOException {
        return read(in);
    }

    /** The head of the next response; its body is still to be read from {@link #input()}. */
    Head readHead() throws IOException {
        return readHead(in);
    }

    /** The connection's buffered input, positioned wherever the last read left it. */
    InputStream input() {
        return in;
    }

    /** Reads a whole response from {@code in}. */
    static Response read(InputStream in) throws IOException {
        Head head = readHead(in);
        long length = head.contentLength();
        if (length > Integer.MAX_VALUE - 8) {
            throw new IOException("body too long to hold: " + length);
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length != length) {
            throw new EOFException("body cut at " + body.length + " of " + length + " bytes");
        }
        return new Response(head.status(), head.headers(), body);
    }

    static Head readHead(InputStream in) throws IOException {
        String statusLine = line(in);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1 status line: '" + statusLine + "'");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
        }
        return new Head(Integer.parseInt(parts[1]), headers);
    }

    /** True if the server closed the connection: the next read finds the end of the stream. */
    boolean closedByServer() throws IOException {
        return in.read() == -1;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int previous = -1;
        for (int b = in.read(); ; b = in.read()) {
            if (b == -1) {
                throw new EOFException("connection closed after '" + line.toString(StandardCharsets.US_ASCII) + "'");
            }
            if (previous == '\r' && b == '\n') {
                byte[] bytes = line.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.US_ASCII);
            }
            line.write(b);
            previous = b;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
