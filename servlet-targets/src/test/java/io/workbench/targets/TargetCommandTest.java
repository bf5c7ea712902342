package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellCard;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The command's option handling, in-process: what a user sees for good and bad input. */
class TargetCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return TargetCommand.commandLine(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).execute(args);
    }

    static Stream<ServerTechnology> technologies() {
        return ServerCatalog.all().stream();
    }

    @Test
    void helpListsEveryServerWithTheStrategiesItOffers() {
        assertEquals(0, run("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        for (ServerTechnology technology : ServerCatalog.all()) {
            assertTrue(help.contains(technology.name()), technology.name());
            assertTrue(help.contains(technology.description()), technology.description());
            technology.strategies().forEach(strategy -> assertTrue(help.contains(strategy.summary()), strategy.cliName()));
        }
        assertTrue(help.contains("READY http://127.0.0.1:PORT"));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "--server tomcat8 --strategy async-complete|unknown server 'tomcat8' (known: SERVERS)",
        "--server netty --strategy fast|unknown strategy 'fast' (known: sync, virtual, async-dispatch, async-complete, async-queue, write-listener, in-place)",
        "--server netty --strategy async-complete --port 70000|port must be in [0, 65535], was 70000",
        "--server netty --strategy async-complete --port http|Invalid value for option '--port': 'http' is not an int",
        "--server netty --strategy async-complete --wait -1|wait must be in [0, 3600000] ms, was -1",
        "--server netty --strategy async-complete --wait 1s|Invalid value for option '--wait': '1s' is not a long",
        "--server jetty --strategy async-queue --sweep-ms 60001|sweep must be in [0, 60000] ms, was 60001",
        "--server jetty --strategy sync --sweep-ms 10|--sweep-ms applies to the asynchronous strategies (async-dispatch, async-complete, async-queue, write-listener), not to sync",
        "--strategy async-complete|Missing required option: '--server=NAME'",
        "--server jetty|Missing required option: '--strategy=STRATEGY'",
        "--server netty --strategy async-complete --verbose|Unknown option: '--verbose'",
        "--server netty --strategy async-complete --stream-high-water 4096|--stream-high-water applies to the servers whose /stream gathers chunks (iocore), not to netty",
        "--server iocore --strategy async-complete --stream-high-water 0|the stream high-water mark must be in [1, 67108864] bytes, was 0",
        "--server iocore --strategy async-complete --stream-high-water 64k|Invalid value for option '--stream-high-water': '64k' is not an int",
        "--server netty --strategy in-place --sweep-ms 10|--sweep-ms applies to the asynchronous strategies (async-dispatch, async-complete, async-queue, write-listener), not to in-place",
        "--describe netty|option '--describe' at index 0 (S X) requires at least 2 values, but only 1 were specified: [netty]",
        "--describe nginx sync|unknown server 'nginx' (known: SERVERS)",
        "--describe netty slow|unknown strategy 'slow' (known: sync, virtual, async-dispatch, async-complete, async-queue, write-listener, in-place)",
    })
    void badOptionsExit2WithOneLineThatSaysWhatIsWrong(String argsAndMessage) {
        String[] parts = argsAndMessage.split("\\|");
        String message = parts[1].replace("SERVERS", ServerCatalog.names());
        assertEquals(2, run(parts[0].split(" ")));
        assertEquals("target: " + message + " (see --help)\n", err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8), "no READY line");
    }

    /** Every refused cell: exit 2, one line naming the cell, the reason and what the server runs instead. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.workbench.targets.Cell#refused")
    void aRefusedCellExits2WithTheReason(Cell cell) {
        ServerTechnology technology = cell.technology();
        assertEquals(2, run("--server", technology.name(), "--strategy", cell.strategy().cliName()));
        String reason = technology.whyNot(cell.strategy());
        assertFalse(reason.isBlank());
        String runs = String.join(", ", technology.strategies().stream().sorted().map(Strategy::cliName).toList());
        assertEquals("target: " + technology.name() + " refuses " + cell.strategy().cliName() + ": " + reason
                + " (it runs: " + runs + ") (see --help)\n", err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8), "no READY line");
    }

    @Test
    void listPrintsEveryCellWithWhatItDoesOrWhyItIsRefused() {
        assertEquals(0, run("--list"));
        String list = out.toString(StandardCharsets.UTF_8);
        for (ServerTechnology technology : ServerCatalog.all()) {
            assertTrue(list.contains(technology.name() + ": " + technology.description()), technology.name());
            for (Strategy strategy : Strategy.values()) {
                boolean runs = technology.strategies().contains(strategy);
                String line = String.format("  %-15s %-8s %s", strategy.cliName(), runs ? "runs" : "REFUSED",
                        runs ? technology.howItRuns(strategy) : technology.whyNot(strategy));
                assertTrue(list.contains(line + "\n"), line);
            }
        }
        long cells = ServerCatalog.all().size() * (long) Strategy.values().length;
        long valid = Cell.valid().count();
        assertTrue(list.endsWith(cells + " cells: " + valid + " run, " + (cells - valid)
                + " refused (exit status 2, with the reason).\n"), list);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    /** Every cell that runs has a card: each fact on a line of its own, the thread kinds and hand-offs as the cell claims them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.workbench.targets.Cell#valid")
    void describePrintsTheCardOfACell(Cell cell) {
        assertEquals(0, run("--describe", cell.technology().name(), cell.strategy().cliName()));
        String card = out.toString(StandardCharsets.UTF_8);
        CellCard expected = CellCard.of(cell.technology(), cell.strategy());
        assertEquals(String.join("\n", expected.lines()) + "\n", card);
        assertTrue(card.startsWith(cell + ": " + cell.technology().howItRuns(cell.strategy()) + "\n"), card);
        for (String fact : List.of("I/O threads:", "workers:", "strategy pool:", "waits:", "handled on:", "completed on:",
                "hand-offs:", "buffers:", "idle timeout:", "departs from the study:")) {
            assertEquals(1, card.lines().filter(line -> line.startsWith("  " + fact)).count(), cell + ": " + fact);
        }
        assertTrue(card.contains("  hand-offs:      " + expected.handOffs(false) + " per request (wait 0), "
                + expected.handOffs(true) + " (wait 10 ms)"), card);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.workbench.targets.Cell#refused")
    void describeRefusesARefusedCellWithTheReason(Cell cell) {
        assertEquals(2, run("--describe", cell.technology().name(), cell.strategy().cliName()));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("target: " + cell.technology().name() + " refuses "
                + cell.strategy().cliName() + ": " + cell.technology().whyNot(cell.strategy())), err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    /** The hand-offs a card counts, checked against the kinds of thread it names, on cells of every shape. */
    @Test
    void aCardCountsTheHandOffsFromTheIoThreadToTheOneThatCompletes() {
        assertEquals(List.of(0, 1), handOffs("iocore", Strategy.IN_PLACE), "in place; the timer's thread sends");
        assertEquals(List.of(1, 3), handOffs("iocore", Strategy.ASYNC_COMPLETE), "to the pool; to the timer and back");
        assertEquals(List.of(2, 4), handOffs("netty", Strategy.ASYNC_COMPLETE), "and back to the event loop to write");
        assertEquals(List.of(0, 2), handOffs("netty", Strategy.IN_PLACE), "the timer's send moves to the event loop");
        assertEquals(List.of(2, 4), handOffs("tomcat", Strategy.ASYNC_COMPLETE), "poller to pool, then as iocore's");
        assertEquals(List.of(1, 1), handOffs("undertow-handler", Strategy.SYNC));
        assertEquals(List.of(2, 2), handOffs("undertow", Strategy.ASYNC_DISPATCH), "to a worker, dispatched to another");
        assertEquals(List.of(1, 1), handOffs("jetty", Strategy.ASYNC_DISPATCH), "to a container thread, which carries out the dispatch");
        assertEquals(List.of(1, 1), handOffs("jetty-handler", Strategy.ASYNC_DISPATCH), "from the selector to the pool");
        assertEquals(List.of(1, 3), handOffs("undertow", Strategy.WRITE_LISTENER), "to the timer, back to the container");
        assertEquals(List.of(1, 1), handOffs("jetty-handler", Strategy.VIRTUAL));
    }

    private static List<Integer> handOffs(String server, Strategy strategy) {
        CellCard card = CellCard.of(ServerCatalog.byName(server).orElseThrow(), strategy);
        return List.of(card.handOffs(false), card.handOffs(true));
    }

    @Test
    void listTakesOneServer() {
        assertEquals(0, run("--list", "--server", "tomcat"));
        String list = out.toString(StandardCharsets.UTF_8);
        assertTrue(list.startsWith("tomcat: "), list);
        assertFalse(list.contains("netty"), list);
    }

    @Test
    void helpSaysWhatTheSweepCosts() {
        assertEquals(0, run("--help"));
        String help = out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        assertTrue(help.contains("costs 0 to N ms (N/2 on average) on every request"), help);
        assertTrue(help.contains("GET /stream?bytes=N[&chunk=K]"), help);
    }

    @ParameterizedTest
    @MethodSource("technologies")
    void aPortInUseExits1WithOneLine(ServerTechnology technology) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(TargetSettings.DEFAULT_HOST))) {
            int port = taken.getLocalPort();
            // The cheapest cell of the server to start: one that holds no thread per request.
            String strategy = technology.strategies().stream().sorted(Comparator.reverseOrder()).findFirst().orElseThrow().cliName();
            int exit = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> run("--server", technology.name(), "--strategy", strategy, "--port", Integer.toString(port)));
            assertEquals(TargetCommand.EXIT_CANNOT_START, exit);
            String error = err.toString(StandardCharsets.UTF_8);
            assertTrue(error.startsWith("target: cannot start " + technology.name() + ": cannot listen on 127.0.0.1:" + port + ": "), error);
            assertEquals(1, error.lines().count(), error);
            assertEquals("", out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void onlyIocoreGathersStreamChunks() {
        for (ServerTechnology technology : ServerCatalog.all()) {
            assertEquals(technology.name().equals("iocore"), technology.gathersStreamChunks(), technology.name());
        }
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ")
                .contains("--stream-high-water=BYTES iocore only: the bytes of /stream chunks one write gathers"));
    }

    @Test
    void aTargetRefusesAStrategyItsServerDoesNotOffer() {
        ServerTechnology netty = ServerCatalog.byName("netty").orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> Target.start(netty, TargetSettings.of(Strategy.SYNC, 0, 0)));
    }
}
