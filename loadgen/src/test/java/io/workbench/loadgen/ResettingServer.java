package io.workbench.loadgen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A purpose-built misbehaving server: a blocking socket on 127.0.0.1 port 0 that answers
 * {@code answered} requests on each connection with {@code 200} and then reads the next and resets
 * the connection (SO_LINGER 0), so that the client sees an RST with a request outstanding that the
 * server did read; or, on {@link #resetIdle()}, resets every connection waiting for its next
 * request. It counts every request it read.
 */
final class ResettingServer implements AutoCloseable {

    private static final byte[] OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket serverSocket;
    private final int answered;
    private final Thread acceptor;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicLong resets = new AtomicLong();
    private final AtomicLong read = new AtomicLong();
    /** The connections waiting for their next request: {@link #resetIdle()} resets them. */
    private final Set<Socket> idle = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    ResettingServer(int answered) throws IOException {
        this.answered = answered;
        this.serverSocket = new ServerSocket(0, 1000, InetAddress.getByName("127.0.0.1"));
        this.acceptor = new Thread(this::accept, "resetting-server");
        this.acceptor.setDaemon(true);
        this.acceptor.start();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket socket = serverSocket.accept();
                sockets.add(socket);
                Thread thread = new Thread(() -> serve(socket), "resetting-server-connection");
                thread.setDaemon(true);
                thread.start();
            } catch (IOException x) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (int n = 0; ; n++) {
                idle.add(socket);
                boolean more = readRequest(in);
                idle.remove(socket);
                if (!more) {
                    return;
                }
                read.incrementAndGet();
                if (n == answered) {
                    socket.setSoLinger(true, 0);
                    resets.incrementAndGet();
                    return;
                }
                out.write(OK);
                out.flush();
            }
        } catch (IOException ignored) {
            // The client went away.
        } finally {
            idle.remove(socket);
            sockets.remove(socket);
        }
    }

    /** Reads up to the blank line that ends a request without content; false at the end of input. */
    private static boolean readRequest(InputStream in) throws IOException {
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return false;
            }
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1
                    : b == '\r' ? 1 : 0;
        }
        return true;
    }

    String url() {
        return "http://127.0.0.1:" + serverSocket.getLocalPort() + "/reset";
    }

    long resets() {
        return resets.get();
    }

    /** @return requests read whole, over every connection: each reset one among them */
    long requestsRead() {
        return read.get();
    }

    /**
     * Resets (SO_LINGER 0) every connection waiting for its next request, as a server that drops
     * idle keep-alive connections does; @return how many
     */
    int resetIdle() throws IOException {
        int count = 0;
        for (Socket socket : idle) {
            socket.setSoLinger(true, 0);
            socket.close();
            resets.incrementAndGet();
            count++;
        }
        return count;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        serverSocket.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
