package io.workbench.targets;

import io.workbench.targets.iocore.IocoreTechnology;
import io.workbench.targets.jetty.JettyHandlerTechnology;
import io.workbench.targets.jetty.JettyServletTechnology;
import io.workbench.targets.netty.NettyTechnology;
import io.workbench.targets.tomcat.TomcatTechnology;
import io.workbench.targets.undertow.UndertowHandlerTechnology;
import io.workbench.targets.undertow.UndertowServletTechnology;
import io.workbench.targets.server.ServerTechnology;
import java.util.List;
import java.util.Optional;

/** The server technologies the {@code target} command knows, in the order {@code --help} lists them. */
public final class ServerCatalog {

    private static final List<ServerTechnology> TECHNOLOGIES = List.of(
            new IocoreTechnology(),
            new JettyHandlerTechnology(),
            new NettyTechnology(),
            new JettyServletTechnology(),
            new TomcatTechnology(),
            new UndertowServletTechnology(),
            new UndertowHandlerTechnology());

    private ServerCatalog() {
    }

    public static List<ServerTechnology> all() {
        return TECHNOLOGIES;
    }

    public static Optional<ServerTechnology> byName(String name) {
        return TECHNOLOGIES.stream().filter(technology -> technology.name().equals(name)).findFirst();
    }

    /** The names, comma-separated, for error messages. */
    public static String names() {
        return String.join(", ", TECHNOLOGIES.stream().map(ServerTechnology::name).toList());
    }
}
