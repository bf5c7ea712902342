package io.workbench.targets;

import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.ThreadKind;
import io.workbench.targets.server.ServerTechnology;

/**
 * Which kind a thread is, told from what every server names its threads (and the target's own
 * pools and timer name theirs), not from what our code claims: the evidence the thread-kind test
 * holds a card's claims against.
 */
final class ThreadKinds {

    private ThreadKinds() {
    }

    /** @throws AssertionError for a thread this server does not own, named as none of its kinds */
    static ThreadKind of(Thread thread, ServerTechnology technology) {
        if (thread.isVirtual()) {
            return ThreadKind.VIRTUAL;
        }
        String name = thread.getName();
        if (name.startsWith(Handoffs.FORK_JOIN_THREAD) || name.startsWith(Handoffs.QUEUE_THREAD)) {
            return ThreadKind.STRATEGY_POOL;
        }
        if (name.startsWith(Handoffs.TIMER_THREAD)) {
            return ThreadKind.TIMER;
        }
        ThreadKind kind = switch (technology.name()) {
            // The sync cell's workers; the manager's pool runs the selectors.
            case "iocore" -> name.startsWith("iocore-worker-") ? ThreadKind.SERVER_POOL
                    : name.startsWith("iocore-") ? ThreadKind.IO : null;
            // The connector's own pool, then the server's QueuedThreadPool.
            case "jetty-handler", "jetty" -> name.startsWith("jetty-io-") ? ThreadKind.IO
                    : name.matches("jetty-\\d+") ? ThreadKind.SERVER_POOL : null;
            case "netty" -> name.startsWith("netty-") ? ThreadKind.IO : null;
            case "tomcat" -> name.contains("-exec-") ? ThreadKind.SERVER_POOL
                    : name.contains("-Poller") || name.contains("-Acceptor") ? ThreadKind.IO : null;
            case "undertow-handler", "undertow" -> name.startsWith("undertow I/O-") ? ThreadKind.IO
                    : name.startsWith("undertow task-") ? ThreadKind.SERVER_POOL : null;
            default -> null;
        };
        if (kind == null) {
            throw new AssertionError(technology.name() + " does not own a thread named '" + name + "'");
        }
        return kind;
    }
}
