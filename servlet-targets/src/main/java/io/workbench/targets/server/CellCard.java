package io.workbench.targets.server;

import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.hello.ThreadKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One cell of the target matrix, said in full: its I/O threads, its workers, where a wait is kept
 * and where the request goes when it is over, the kinds of thread a {@code /hello} is handled and
 * completed on, the hand-offs per request, its buffers, its idle timeout, and where it departs from
 * the 2016 study's settings and why. {@code ./workbench target --describe S X} prints it;
 * {@code ./workbench target --cards} prints every card as the Markdown tables the documentation
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

    /**
     * The kinds of thread a {@code /hello} goes through in the strategy, from {@link #handledOn()} to
     * the one that completes it; async-dispatch on a container that carries out the dispatch on the
     * handling thread itself ({@link ServerTechnology#redispatchesOnTheHandlingThread()}) stays there.
     */
    public List<ThreadKind> threads(boolean waits) {
        if (strategy == Strategy.ASYNC_DISPATCH && technology.redispatchesOnTheHandlingThread()) {
            return List.of(handledOn());
        }
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
            case ASYNC_DISPATCH -> technology.redispatchesOnTheHandlingThread()
                    ? "slept by the container thread the request is dispatched to, the handling thread itself once its "
                            + "service() returns (a zero wait does not sleep)"
                    : "slept by the container thread the request is dispatched to (a zero wait does not sleep)";
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

    /** The study's settings this cell departs from: the server's ({@link CellFacts#deviations()}), then the strategy's. */
    public List<String> deviations() {
        List<String> all = new ArrayList<>(facts.deviations());
        all.addAll(strategyDeviations(strategy));
        return all;
    }

    /** Where every cell of {@code strategy} departs from the study, whatever its server. */
    public static List<String> strategyDeviations(Strategy strategy) {
        List<String> all = new ArrayList<>();
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
        lines.add("  traced first read: " + technology.traceFirstRead());
        List<String> deviations = deviations();
        lines.add("  departs from the study:" + (deviations.isEmpty() ? " nothing" : ""));
        for (String deviation : deviations) {
            lines.add("    - " + deviation);
        }
        return lines;
    }

    /**
     * The cards of {@code technology}'s cells ({@code strategies}, in that order) as Markdown: the
     * facts they share, once (the I/O threads, buffers and departures that hold for every strategy,
     * the idle timeout), then a table of what each cell does (those that differ by strategy in its
     * row). The strategies' own departures from the study are {@link #strategyDeviationsMarkdown}'s.
     */
    public static List<String> markdown(ServerTechnology technology, List<Strategy> strategies) {
        List<CellCard> cards = strategies.stream().map(strategy -> of(technology, strategy)).toList();
        List<String> lines = new ArrayList<>();
        lines.add("#### `" + technology.name() + "`");
        lines.add("");
        lines.add("- I/O threads: " + shared(cards, card -> card.facts().ioThreads()));
        lines.add("- buffers: " + shared(cards, card -> card.facts().buffers()));
        lines.add("- idle timeout: " + shared(cards, card -> card.facts().idleTimeout()));
        lines.add("- traced first read (`--trace`): " + escape(technology.traceFirstRead()));
        List<String> everywhere = new ArrayList<>(cards.get(0).facts().deviations());
        cards.forEach(card -> everywhere.retainAll(card.facts().deviations()));
        for (String deviation : everywhere) {
            lines.add("- departs from the study: " + deviation);
        }
        lines.add("");
        lines.add("| strategy | workers | strategy pool | waits | handled on | completed on (wait 0 / " + WAIT_MILLIS
                + " ms) | hand-offs (wait 0 / " + WAIT_MILLIS + " ms) | also departs from the study |");
        lines.add("|---|---|---|---|---|---|---:|---|");
        for (CellCard card : cards) {
            List<String> own = new ArrayList<>(card.facts().deviations());
            own.removeAll(everywhere);
            lines.add("| `" + card.strategy().cliName() + "` | " + escape(card.facts().workers()) + " | "
                    + escape(card.strategyPool()) + " | " + escape(card.waits()) + " | " + card.handledOn() + " | "
                    + card.completedOn(false) + " / " + card.completedOn(true) + " | " + card.handOffs(false) + " / "
                    + card.handOffs(true) + " | " + escape(String.join("; ", own)) + " |");
        }
        return lines;
    }

    /** Where every cell of a strategy departs from the study, as a Markdown list, strategies in {@code strategies}' order. */
    public static List<String> strategyDeviationsMarkdown(List<Strategy> strategies) {
        List<String> lines = new ArrayList<>();
        for (Strategy strategy : strategies) {
            List<String> deviations = strategyDeviations(strategy);
            lines.add("- `" + strategy.cliName() + "`: " + (deviations.isEmpty() ? "as the study" : String.join("; ", deviations)));
        }
        return lines;
    }

    /** The value every card has, or each value followed by the strategies that have it. */
    private static String shared(List<CellCard> cards, Function<CellCard, String> fact) {
        Map<String, List<String>> byValue = new LinkedHashMap<>();
        for (CellCard card : cards) {
            byValue.computeIfAbsent(fact.apply(card), value -> new ArrayList<>()).add(card.strategy().cliName());
        }
        if (byValue.size() == 1) {
            return escape(byValue.keySet().iterator().next());
        }
        return byValue.entrySet().stream()
                .map(entry -> escape(entry.getKey()) + " (" + String.join(", ", entry.getValue()) + ")")
                .collect(Collectors.joining("; "));
    }

    private static String words(List<ThreadKind> threads) {
        return threads.stream().map(ThreadKind::words).collect(Collectors.joining(" -> "));
    }

    private static String escape(String text) {
        return text.replace("|", "\\|");
    }

    @Override
    public String toString() {
        return "CellCard[" + cell() + "]";
    }
}
