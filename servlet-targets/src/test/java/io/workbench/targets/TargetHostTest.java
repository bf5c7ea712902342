package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --host}: every server listens where it is told and nowhere else. The other address is
 * 127.0.0.2, still loopback (Linux answers the whole 127.0.0.0/8), so the test sends nothing off
 * the machine; the suite's network-namespace mode relies on this to listen on its veth address.
 */
class TargetHostTest {

    private static final String OTHER_LOOPBACK = "127.0.0.2";

    static Stream<ServerTechnology> technologies() {
        return ServerCatalog.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("technologies")
    void everyServerListensOnTheGivenAddressOnly(ServerTechnology technology) throws Exception {
        // The cheapest cell to start, as the process test picks it.
        var strategy = technology.strategies().stream().sorted(Comparator.reverseOrder()).findFirst().orElseThrow();
        try (Target target = Target.start(technology, TargetSettings.of(strategy, 0, 0).withHost(OTHER_LOOPBACK))) {
            assertEquals("http://" + OTHER_LOOPBACK + ":" + target.port(), target.uri().toString());
            assertEquals("HTTP/1.1 200", statusLine(OTHER_LOOPBACK, target.port()).substring(0, 12));
            // Bound to 127.0.0.2 only: the same port on 127.0.0.1 has no listener.
            assertThrows(ConnectException.class, () -> statusLine(TargetSettings.DEFAULT_HOST, target.port()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "example.org", "127.0.0.256", "1.2.3", ""})
    void aHostThatIsNotALiteralAddressIsRefusedWithoutALookup(String host) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = TargetCommand.commandLine(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).execute("--server", "netty", "--strategy", "async-complete",
                "--host", host);
        assertEquals(2, exit);
        assertEquals("target: host must be a literal IP address (e.g. 127.0.0.1), was '" + host + "' (see --help)\n",
                err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void literalAddressesAreAccepted() {
        assertEquals("169.254.231.1", TargetSettings.of(io.workbench.targets.hello.Strategy.SYNC, 0, 0)
                .withHost("169.254.231.1").host());
        assertEquals("::1", TargetSettings.of(io.workbench.targets.hello.Strategy.SYNC, 0, 0).withHost("::1").host());
        assertFalse(TargetSettings.DEFAULT_HOST.isEmpty());
    }

    private static String statusLine(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2_000);
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(("GET /hello HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            int b;
            while ((b = in.read()) != -1 && b != '\r') {
                line.append((char) b);
            }
            assertTrue(line.length() > 0, "no status line from " + host + ":" + port);
            return line.toString();
        }
    }
}
