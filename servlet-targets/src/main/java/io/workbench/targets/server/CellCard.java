package io.workbench.targets.server;

import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.hello.ThreadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One cell of the target matrix, said in full: its I/O threads, its workers, where a wait is kept
 * and where the request goes when it is over, the kinds of thread a {@code /hello} is handled and
 * completed on, the hand-offs per request, its buffers, its idle timeout, and where it departs from
 * the 2016 study's settings and why. {@code ./workbench target --describe S X} prints it;
 * {@code ./workbench target --cards} prints every card as the Markdown table the documentation
 * holds (a test keeps the two equal). The thread kinds and the hand-off counts are the cell's
 * claims, and a test checks them cell by cell on a running server.
 *
 * <p>A hand-off is a move of the request from one thread to another, counted from the I/O thread
 * that found the request ready to be read (a selector, an event loop, Tomcat's poller) to the thread
 * that completes the response: the server's move to the thread it calls the handling on, then the
 * strategy's own ({@link Strategy#threadsFrom}), then, for a server that writes only on its I/O
 * threads (Netty), its move back there when the response was completed elsewhere. How a container
 * ends an asynchronous cycle once {@code complete()} is called is its own affair and not counted.
 */
public record CellCard(ServerTechnology technology, Strategy strategy, CellFacts facts) {

    /** The wait the card's second column of thread kinds is for: any wait above zero. */
    public static final long WAIT_MILLIS = 10;

    /** The card of {@code strategy} on {@code technology}, which must run it. */
    public static CellCard of(ServerTechnology technology, Strategy strategy) {
        if (!technology.strategies().contains(strategy)) {
            throw new IllegalArgumentException(technology.name() + " does not run " + strategy + ": " + technology.whyNot(strategy));
        }
        return new CellCard(technology, strategy, technology.facts(strategy));
    }

    /** The cell's name, {@code server:strategy}. */
    public String cell() {
        return technology.name() + ":" + strategy.cliName();
    }

    /** Where the server calls the shared handling. */
    public ThreadKind handledOn() {
        return technology.handledOn(strategy);
    }

    /** The kinds of thread a {@code /hello} goes through in the strategy, from {@link #handledOn()} to the one that completes it. */
    public List<ThreadKind> threads(boolean waits) {
        return strategy.threadsFrom(handledOn(), waits);
    }

    /** The kind of thread that completes the response (sends it), for a zero wait or a wait above zero. */
    public ThreadKind completedOn(boolean waits) {
        List<ThreadKind> threads = threads(waits);
        return threads.get(threads.size() - 1);
    }

    /** Hand-offs per {@code /hello} (see the class comment), for a zero wait or a wait above zero. */
    public int handOffs(boolean waits) {
        int toTheHandling = handledOn() == ThreadKind.IO ? 0 : 1;
        int inTheStrategy = threads(waits).size() - 1;
        int backToWrite = technology.writesOnItsIoThreadsOnly() && completedOn(waits) != ThreadKind.IO ? 1 : 0;
        return toTheHandling + inTheStrategy + backToWrite;
    }

    /** Where a wait is kept, and where the request goes when it is over. */
    public String waits() {
        return switch (strategy) {
            case SYNC, VIRTUAL -> "slept by the thread handling the request (a zero wait does not sleep)";
            case ASYNC_DISPATCH -> "slept by the container thread the request is dispatched to (a zero wait does not sleep)";
            case IN_PLACE -> "the wait timer (one thread), whose thread sends";
            case ASYNC_COMPLETE -> "the wait timer (one thread), whose expiry is handed to the fork-join pool";
            case ASYNC_QUEUE -> "the wait timer (one thread), whose expiry is handed to the queue";
            case WRITE_LISTENER -> "the wait timer (one thread), whose expiry hands the request back to the container "
                    + "(AsyncContext.start())";
        };
    }

    /** The strategy's own pool, or "none". */
    public String strategyPool() {
        return switch (strategy) {
            case ASYNC_COMPLETE -> "a ForkJoinPool, parallelism one per available processor";
            case ASYNC_QUEUE -> "a queue of batches drained by " + Handoffs.QUEUE_THREADS + " threads";
            default -> "none";
        };
    }

    /** The study's settings this cell departs from, the server's and the strategy's. */
    public List<String> deviations() {
        List<String> all = new ArrayList<>(facts.deviations());
        switch (strategy) {
            case VIRTUAL -> all.add("virtual threads stand for the study's Quasar fibers (Comsat), which no longer run");
            case IN_PLACE -> all.add("in-place is not a strategy of the study: a native server's own fast path, no hand-off");
            default -> {
            }
        }
        if (strategy.waitsOnTheTimer()) {
            all.add("the wait timer has one thread, where the study's ScheduledExecutorService had as many as the server's "
                    + "executor: its threads wrote the responses, this one only hands the request on");
        }
        if (strategy.isAsynchronous()) {
            all.add("requests are handed off at once, not parked for the study's 10 ms sweep (--sweep-ms 10 brings it back)");
        }
        return all;
    }

    /** The card as {@code --describe} prints it, one fact a line. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(cell() + ": " + technology.howItRuns(strategy));
        lines.add("  I/O threads:    " + facts.ioThreads());
        lines.add("  workers:        " + facts.workers());
        lines.add("  strategy pool:  " + strategyPool());
        lines.add("  waits:          " + waits());
        lines.add("  handled on:     " + handledOn());
        lines.add("  completed on:   " + completedOn(false) + " (wait 0), " + completedOn(true) + " (wait " + WAIT_MILLIS + " ms)");
        lines.add("  threads:        " + words(threads(false)) + " (wait 0); " + words(threads(true)) + " (wait " + WAIT_MILLIS + " ms)");
        lines.add("  hand-offs:      " + handOffs(false) + " per request (wait 0), " + handOffs(true) + " (wait " + WAIT_MILLIS
                + " ms), from the I/O thread that found the request to the one that completes it"
                + (technology.writesOnItsIoThreadsOnly() ? ", the write's move back to the I/O thread included" : ""));
        lines.add("  buffers:        " + facts.buffers());
        lines.add("  idle timeout:   " + facts.idleTimeout());
        List<String> deviations = deviations();
        lines.add("  departs from the study:" + (deviations.isEmpty() ? " nothing" : ""));
        for (String deviation : deviations) {
            lines.add("    - " + deviation);
        }
        return lines;
    }

    /** The header of the Markdown table of every card. */
    public static List<String> markdownHeader() {
        return List.of("| cell | I/O threads | workers | waits | handled on | completed on (wait 0 / " + WAIT_MILLIS
                        + " ms) | hand-offs (wait 0 / " + WAIT_MILLIS + " ms) | buffers | idle timeout | departs from the study |",
                "|---|---|---|---|---|---|---:|---|---|---|");
    }

    /** This card as one row of the Markdown table. */
    public String markdownRow() {
        String waits = waits() + (strategyPool().equals("none") ? "" : "; the strategy's pool: " + strategyPool());
        return "| `" + cell() + "` | " + cell(facts.ioThreads()) + " | " + cell(facts.workers()) + " | " + cell(waits) + " | "
                + handledOn() + " | " + completedOn(false) + " / " + completedOn(true) + " | " + handOffs(false) + " / "
                + handOffs(true) + " | " + cell(facts.buffers()) + " | " + cell(facts.idleTimeout()) + " | "
                + cell(String.join("; ", deviations())) + " |";
    }

    private static String words(List<ThreadKind> threads) {
        return threads.stream().map(ThreadKind::words).collect(Collectors.joining(" -> "));
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    @Override
    public String toString() {
        return "CellCard[" + cell() + "]";
    }
}
