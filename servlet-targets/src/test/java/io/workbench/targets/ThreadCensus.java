package io.workbench.targets;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The platform threads of this JVM at one moment, to count the ones started after it: a server
 * started after the census owns them. The JDK's HTTP client starts its own workers on demand; they
 * are the tests', not the server's, and are left out. Virtual threads are never listed
 * ({@link Thread#getAllStackTraces()} shows platform threads only), which is the point.
 */
final class ThreadCensus {

    private final Set<Long> before;

    private ThreadCensus(Set<Long> before) {
        this.before = before;
    }

    static ThreadCensus now() {
        return new ThreadCensus(Thread.getAllStackTraces().keySet().stream().map(Thread::threadId).collect(Collectors.toSet()));
    }

    /** Platform threads alive now that were not at the census, the tests' own left out. */
    int newPlatformThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(this::isNew).count();
    }

    /** The new threads' names, grouped by their name without digits, with counts. */
    String describeNew() {
        Map<String, Long> groups = new TreeMap<>(Thread.getAllStackTraces().keySet().stream().filter(this::isNew)
                .collect(Collectors.groupingBy(thread -> thread.getName().replaceAll("\\d+", "#"), Collectors.counting())));
        return groups.toString();
    }

    private boolean isNew(Thread thread) {
        return thread.isAlive() && !before.contains(thread.threadId()) && !thread.getName().startsWith("HttpClient-");
    }
}
