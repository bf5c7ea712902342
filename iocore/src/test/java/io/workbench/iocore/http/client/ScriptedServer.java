package io.workbench.iocore.http.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test server that answers with exact bytes: a blocking {@link ServerSocket} on 127.0.0.1 port 0
 * whose accepting thread runs a {@link Script} for each connection on a thread of its own. A
 * script reads requests and writes whatever it wants, split however it wants, and may reset or
 * close. A script that throws (it read something it did not expect) fails the test at
 * {@link #close()}.
 */
final class ScriptedServer implements AutoCloseable {

    /** What the server does with one accepted connection. */
    @FunctionalInterface
    interface Script {
        void run(Peer peer) throws Exception;
    }

    private final ServerSocket serverSocket;
    private final Script script;
    private final Thread acceptor;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final List<Peer> peers = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile boolean closing;

    ScriptedServer(Script script) throws IOException {
        this.script = script;
        this.serverSocket = new ServerSocket(0, 100, InetAddress.getByName("127.0.0.1"));
        this.acceptor = new Thread(this::accept, "scripted-server-" + serverSocket.getLocalPort());
        acceptor.start();
    }

    InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", serverSocket.getLocalPort());
    }

    /** @return connections accepted so far */
    int accepted() {
        return accepted.get();
    }

    /** @return the peers accepted so far, in order */
    List<Peer> peers() {
        return peers;
    }

    private void accept() {
        while (!closing) {
            Socket socket;
            try {
                socket = serverSocket.accept();
            } catch (IOException x) {
                if (!closing) {
                    failures.add(x);
                }
                return;
            }
            accepted.incrementAndGet();
            Peer peer;
            try {
                peer = new Peer(socket);
            } catch (IOException x) {
                failures.add(x);
                continue;
            }
            peers.add(peer);
            Thread thread = new Thread(() -> {
                try {
                    script.run(peer);
                } catch (Throwable x) {
                    if (!closing) {
                        failures.add(x);
                    }
                } finally {
                    peer.close();
                }
            }, "scripted-peer-" + socket.getPort());
            threads.add(thread);
            thread.start();
        }
    }

    /** Stops accepting, closes every connection, joins every thread; rethrows a script's failure. */
    @Override
    public void close() throws Exception {
        closing = true;
        serverSocket.close();
        acceptor.join(TimeUnit.SECONDS.toMillis(10));
        for (Peer peer : peers) {
            peer.close();
        }
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(10));
            if (thread.isAlive()) {
                throw new AssertionError(thread + " is still running its script");
            }
        }
        Throwable failure = failures.poll();
        if (failure != null) {
            AssertionError error = new AssertionError("a server script failed: " + failure, failure);
            failures.forEach(error::addSuppressed);
            throw error;
        }
    }

    /** One accepted connection, as a script sees it. */
    static final class Peer {
        final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Peer(Socket socket) throws IOException {
            this.socket = socket;
            socket.setTcpNoDelay(true);
            socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(20));
            this.in = new BufferedInputStream(socket.getInputStream());
            this.out = socket.getOutputStream();
        }

        /**
         * Reads one request: the head up to the empty line, then as many body bytes as its
         * Content-Length says.
         *
         * @return the request as text, head and body; null if the client closed before a request began
         */
        String readRequest() throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    if (head.size() == 0) {
                        return null;
                    }
                    throw new IOException("the client closed inside a request head: " + head.toString(StandardCharsets.ISO_8859_1));
                }
                head.write(b);
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1);
            int length = contentLength(text);
            byte[] body = in.readNBytes(length);
            if (body.length < length) {
                throw new IOException("the client closed inside a request body of " + length + " bytes");
            }
            return text + new String(body, StandardCharsets.ISO_8859_1);
        }

        /** Reads {@code count} requests. */
        List<String> readRequests(int count) throws IOException {
            List<String> requests = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String request = readRequest();
                if (request == null) {
                    throw new IOException("the client closed after " + i + " of " + count + " requests");
                }
                requests.add(request);
            }
            return requests;
        }

        private static int contentLength(String head) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
                    return Integer.parseInt(line.substring(colon + 1).trim());
                }
            }
            return 0;
        }

        /** Writes and flushes {@code text} as ISO-8859-1 bytes. */
        void write(String text) throws IOException {
            write(text.getBytes(StandardCharsets.ISO_8859_1));
        }

        void write(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        /** Writes {@code text} in two writes, split before index {@code at}, with a pause between so that they arrive apart. */
        void writeSplit(String text, int at) throws IOException, InterruptedException {
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            out.write(bytes, 0, at);
            out.flush();
            Thread.sleep(1);
            out.write(bytes, at, bytes.length - at);
            out.flush();
        }

        /** Writes {@code text} one byte per write, pausing now and then. */
        void writeEachByte(String text) throws IOException, InterruptedException {
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            for (int i = 0; i < bytes.length; i++) {
                out.write(bytes[i]);
                out.flush();
                if (i % 8 == 0) {
                    Thread.sleep(1);
                }
            }
        }

        /** Sends a TCP reset: closes with SO_LINGER 0, dropping whatever was not yet sent. */
        void reset() throws IOException {
            socket.setSoLinger(true, 0);
            socket.close();
        }

        /** Half-closes: the client reads the end of the stream, and may still write. */
        void shutdownOutput() throws IOException {
            socket.shutdownOutput();
        }

        /** Waits until the client closes, discarding what it sends; @return bytes discarded */
        long awaitClientClose() throws IOException {
            long discarded = 0;
            try {
                while (in.read() >= 0) {
                    discarded++;
                }
            } catch (SocketException x) {
                // A reset is a close too.
            }
            return discarded;
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // Closing anyway.
            }
        }

        /** @return the client's address and port, as this server sees it */
        InetSocketAddress remote() {
            return (InetSocketAddress) socket.getRemoteSocketAddress();
        }
    }
}
