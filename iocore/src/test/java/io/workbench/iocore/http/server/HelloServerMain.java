package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.selector.SelectorManager;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A hello server in a JVM of its own, for tests that need a process (a descriptor limit set with
 * {@code ulimit}, a signal): prints {@code READY <port>}, answers {@code hello} to everything, and
 * stops cleanly when its standard input closes.
 */
public final class HelloServerMain {

    private static final HttpField TEXT_PLAIN = HttpField.of(HttpHeader.CONTENT_TYPE, "text/plain");
    private static final byte[] HELLO = "hello".getBytes(StandardCharsets.US_ASCII);

    private HelloServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Handler hello = new Handler() {
            @Override
            public void handle(Request request, Response response, Callback callback) {
                response.fields().add(TEXT_PLAIN);
                response.write(true, ByteBuffer.wrap(HELLO), callback);
            }

            @Override
            public InvocationType getInvocationType() {
                return InvocationType.NON_BLOCKING;
            }
        };
        HttpServer server = new HttpServer(HttpServer.Config.defaults().withSelectors(
                SelectorManager.Config.defaults().withName("hello-main").withSelectors(1).withMaxThreads(2)), hello);
        server.start();
        System.out.println("READY " + server.getLocalPort());
        System.out.flush();
        while (System.in.read() >= 0) {
            // Runs until the parent closes our standard input.
        }
        server.stop();
        System.out.println("STOPPED accepted=" + server.getConnector().getAccepted() + " refused=" + server.getConnector().getRefused());
    }
}
