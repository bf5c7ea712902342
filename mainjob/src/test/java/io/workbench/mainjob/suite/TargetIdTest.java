package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TargetIdTest {

    @Test
    void parsesServerAndStrategy() {
        TargetId id = TargetId.parse("jetty-handler:async-complete");

        assertEquals("jetty-handler", id.server());
        assertEquals("async-complete", id.strategy());
        assertEquals("jetty-handler:async-complete", id.toString());
        assertEquals("jetty-handler_async-complete", id.dirName());
    }

    @Test
    void refusesWhatIsNotACell() {
        assertThrows(IllegalArgumentException.class, () -> TargetId.parse("jetty"));
        assertThrows(IllegalArgumentException.class, () -> TargetId.parse("jetty:"));
        assertThrows(IllegalArgumentException.class, () -> TargetId.parse("../x:sync"));
        assertThrows(IllegalArgumentException.class, () -> TargetId.parse("Jetty:Sync"));
    }

    @Test
    void theCatalogIsReadFromTheTargetCommandsHelp() {
        String help = """
                Usage: target --server=NAME --strategy=STRATEGY [-h] [--port=P] [--wait=MS]
                      --server=NAME     the server technology (listed below)

                Servers (--server) and the strategies (--strategy) each offers:
                  iocore          async-complete, sync, virtual
                      iocore's own HTTP/1.1 server on its selector core
                  jetty-handler   async-complete, sync
                      Jetty 12's core Handler API, no servlets

                Strategies:
                  async-complete
                      returns at once
                """;

        assertEquals(List.of(TargetId.parse("iocore:async-complete"), TargetId.parse("iocore:sync"), TargetId.parse("iocore:virtual"),
                TargetId.parse("jetty-handler:async-complete"), TargetId.parse("jetty-handler:sync")), TargetCatalog.parse(help));
    }

    @Test
    void theCatalogIsReadFromTheTargetCommandsListWithTheRefusedCellsLeftOut() {
        String list = """
                jetty: Jetty 12.1 ee10 servlets
                  async-complete  runs     startAsync, completion scheduled
                  sync            runs     sleeps on a pool thread
                  write-listener  REFUSED  not a hello strategy
                netty: Netty 4.2 HttpServerCodec
                  async-complete  runs     from the event loop
                  sync            REFUSED  Netty's event loop must not block

                5 cells: 3 run, 2 refused (exit status 2, with the reason).
                """;

        assertEquals(List.of(TargetId.parse("jetty:async-complete"), TargetId.parse("jetty:sync"),
                TargetId.parse("netty:async-complete")), TargetCatalog.parseList(list));
    }
}
