package io.workbench.targets;

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
 * order, {@code Connection: close}. Writes exactly the bytes it is given; reads responses framed by
 * {@code Content-Length}, as every hello target sends them.
 */
final class HttpWire implements AutoCloseable {

    record Response(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;

    HttpWire(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(10_000);
        in = socket.getInputStream();
    }

    static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    void write(String requests) throws IOException {
        socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    Response read() throws IOException {
        String statusLine = line();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1 status line: '" + statusLine + "'");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
        }
        String length = headers.get("content-length");
        if (length == null) {
            throw new IOException("response without Content-Length: " + statusLine + " " + headers);
        }
        byte[] body = in.readNBytes(Integer.parseInt(length));
        return new Response(Integer.parseInt(parts[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    /** True if the server closed the connection: the next read finds the end of the stream. */
    boolean closedByServer() throws IOException {
        return in.read() == -1;
    }

    private String line() throws IOException {
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
