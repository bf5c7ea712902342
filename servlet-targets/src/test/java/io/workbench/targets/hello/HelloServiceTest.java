package io.workbench.targets.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.hello.RequestStats;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HelloServiceTest {

    private final RequestStats stats = new RequestStats();
    /** The waits of every service made here, kept until the test fires them. */
    private final ManualTimer timer = new ManualTimer();

    /** A service whose fork-join pool runs its tasks on the calling thread and whose waits {@link #timer} keeps. */
    private HelloService service(Strategy strategy, long defaultWait) {
        return service(strategy, defaultWait, stats);
    }

    private HelloService service(Strategy strategy, long defaultWait, RequestStats counters) {
        return new HelloService(strategy, defaultWait, counters, new Handoffs(strategy, 0, Runnable::run, timer));
    }

    @Test
    void getHelloIsCountedFromStartUntilTheServerReportsTheWriteDone() {
        RecordingExchange exchange = new RecordingExchange();
        service(Strategy.ASYNC_COMPLETE, 0).handle("GET", "/hello", null, exchange);
        assertEquals(List.of(Reply.HELLO), exchange.sent);
        assertEquals(1, stats.startedCount());
        assertEquals(1, stats.inFlightCount(), "sent is not done: the write may still fail");
        exchange.completeAll();
        assertEquals(1, stats.completedCount());
        assertEquals(0, stats.inFlightCount());
    }

    /**
     * The hook is the exchange's before any strategy runs: a server that ends the request itself
     * while it waits (a closed connection) counts it then, and the strategy's late send counts nothing
     * more (the exchange, a {@link RequestEnd}, runs the hook once).
     */
    @Test
    void theCompletionHookIsHandedOverBeforeTheStrategyRunsSoTheServerCanEndTheRequestFirst() {
        for (Strategy strategy : List.of(Strategy.ASYNC_COMPLETE, Strategy.WRITE_LISTENER)) {
            RequestStats counters = new RequestStats();
            RecordingExchange exchange = new RecordingExchange();
            service(strategy, 0, counters).handle("GET", "/hello", "wait=40", exchange);
            assertEquals(1, exchange.hooksHandedOver, strategy + ": counted before the wait");
            assertTrue(exchange.sent.isEmpty(), strategy + ": nothing sent yet");
            exchange.completeAll();
            assertEquals(1, counters.completedCount(), strategy + ": ended by the server, counted");
            timer.fire();
            assertEquals(0, counters.inFlightCount(), strategy.cliName());
            assertEquals(1, counters.completedCount(), strategy + ": the late send counts nothing more");
        }
        RecordingExchange stream = new RecordingExchange();
        try (Handoffs queue = new Handoffs(Strategy.ASYNC_QUEUE, 0)) {
            HelloService service = new HelloService(Strategy.ASYNC_QUEUE, 0, new RequestStats(), queue);
            service.handle("GET", "/stream", "bytes=10", stream);
            assertEquals(1, stream.hooksHandedOver, "a stream is counted before it is handed to the queue");
            stream.completeAll();
            assertEquals(0, service.streamStats().inFlightCount());
        }
    }

    @Test
    void onlyGetAndHeadStatsAreAnsweredInPlaceBeforeAnyDispatch() {
        HelloService service = service(Strategy.SYNC, 0);
        assertTrue(service.answeredInPlace("GET", "/stats"));
        assertTrue(service.answeredInPlace("HEAD", "/stats"));
        assertFalse(service.answeredInPlace("POST", "/stats"), "a 405 may have content to read");
        assertFalse(service.answeredInPlace("GET", "/hello"), "the strategy decides where a hello runs");
        assertFalse(service.answeredInPlace("GET", "/stream"));
        assertFalse(service.answeredInPlace("GET", "/stats/more"));
    }

    /** The study's FJP strategy: the response is completed on the fork-join pool, a zero wait too. */
    @Test
    void asyncCompleteHandsEvenAZeroWaitToTheForkJoinPool() throws Exception {
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_COMPLETE, 0)) {
            RecordingExchange exchange = new RecordingExchange();
            new HelloService(Strategy.ASYNC_COMPLETE, 0, stats, handoffs).handle("GET", "/hello", "wait=0", exchange);
            awaitSent(exchange);
            assertTrue(exchange.sentOn.getName().startsWith(Handoffs.FORK_JOIN_THREAD), exchange.sentOn.getName());
            assertEquals(1, exchange.startAsyncCalls, "the request is detached first");
        }
    }

    @Test
    void asyncCompleteWithAWaitReturnsAtOnceAndAnswersWhenTheTimerFires() {
        RecordingExchange exchange = new RecordingExchange();
        service(Strategy.ASYNC_COMPLETE, 30).handle("GET", "/hello", null, exchange);
        assertEquals(List.of(30L), timer.delays, "the default wait");
        assertTrue(exchange.sent.isEmpty(), "nothing sent before the timer fires");
        assertEquals(1, stats.inFlightCount());
        timer.fire();
        assertEquals(List.of(Reply.HELLO), exchange.sent);
        exchange.completeAll();
        assertEquals(0, stats.inFlightCount());

        service(Strategy.ASYNC_COMPLETE, 30).handle("GET", "/hello", "a=b&wait=7", new RecordingExchange());
        assertEquals(List.of(30L, 7L), timer.delays, "?wait= overrides the default");
    }

    @Test
    void inPlaceAnswersAZeroWaitOnTheHandlingThreadAndAWaitFromTheTimer() {
        RecordingExchange now = new RecordingExchange();
        service(Strategy.IN_PLACE, 0).handle("GET", "/hello", null, now);
        assertEquals(List.of(Reply.HELLO), now.sent);
        assertSame(Thread.currentThread(), now.sentOn);
        assertEquals(0, now.startAsyncCalls, "nothing is handed off");
        assertTrue(timer.delays.isEmpty());

        RecordingExchange later = new RecordingExchange();
        service(Strategy.IN_PLACE, 0).handle("GET", "/hello", "wait=25", later);
        assertEquals(List.of(25L), timer.delays);
        assertTrue(later.sent.isEmpty());
        timer.fire();
        assertEquals(List.of(Reply.HELLO), later.sent);
        assertEquals(0, later.startAsyncCalls);
    }

    @Test
    void writeListenerHandsAWaitBackToTheContainerWhenTheTimerFires() {
        RecordingExchange exchange = new RecordingExchange();
        service(Strategy.WRITE_LISTENER, 0).handle("GET", "/hello", "wait=15", exchange);
        assertEquals(List.of(15L), timer.delays);
        assertEquals(0, exchange.resumeCalls);
        timer.fire();
        assertEquals(1, exchange.resumeCalls, "AsyncContext.start()");
        assertEquals(List.of(WriteMode.NON_BLOCKING), exchange.sendModes);
    }

    /**
     * Whatever a strategy's hand-off throws, on whatever thread, aborts the request: it ends, counted
     * once, and the thread that ran it goes on.
     */
    @Test
    void aFailureInAHandOffAbortsItsRequestWhichEndsCountedOnce() {
        for (Strategy strategy : List.of(Strategy.ASYNC_COMPLETE, Strategy.IN_PLACE, Strategy.WRITE_LISTENER)) {
            RequestStats counters = new RequestStats();
            RecordingExchange exchange = new RecordingExchange() {
                @Override
                public synchronized void send(Reply reply, WriteMode mode) {
                    throw new IllegalStateException("the write failed on purpose");
                }
            };
            service(strategy, 0, counters).handle("GET", "/hello", "wait=5", exchange);
            timer.fire();
            assertEquals(1, exchange.aborts.size(), strategy.cliName());
            assertEquals("the write failed on purpose", exchange.aborts.get(0).getMessage());
            assertEquals(1, counters.completedCount(), strategy + ": ended, counted");
            assertEquals(0, counters.inFlightCount(), strategy.cliName());
        }
    }

    @Test
    void aWaitStillOnTheTimerWhenTheTargetStopsIsAbortedAndCountedOnce() {
        Handoffs handoffs = new Handoffs(Strategy.ASYNC_COMPLETE, 0, Runnable::run, timer);
        RecordingExchange exchange = new RecordingExchange();
        new HelloService(Strategy.ASYNC_COMPLETE, 0, stats, handoffs).handle("GET", "/hello", "wait=60000", exchange);
        assertEquals(1, timer.waiting());
        handoffs.close();
        assertEquals(1, exchange.aborts.size());
        assertEquals(1, stats.completedCount());
        assertEquals(0, stats.inFlightCount());
        RecordingExchange late = new RecordingExchange();
        new HelloService(Strategy.ASYNC_COMPLETE, 0, stats, handoffs).handle("GET", "/hello", "wait=10", late);
        assertEquals(1, late.aborts.size(), "a wait handed to a stopped timer is aborted at once");
        assertEquals(0, stats.inFlightCount());
    }

    @Test
    void syncSleepsTheWaitOnTheCallingThreadThenAnswers() {
        for (Strategy blocking : List.of(Strategy.SYNC, Strategy.VIRTUAL)) {
            RecordingExchange exchange = new RecordingExchange();
            long start = System.nanoTime();
            service(blocking, 0).handle("GET", "/hello", "wait=50", exchange);
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) >= 50, blocking + " slept the wait");
            assertEquals(List.of(Reply.HELLO), exchange.sent);
            assertSame(Thread.currentThread(), exchange.sentOn);
            assertTrue(timer.delays.isEmpty());
        }
    }

    @Test
    void syncInterruptedByAStoppingServerStillAnswersOnceAndKeepsTheInterrupt() {
        RecordingExchange exchange = new RecordingExchange();
        Thread.currentThread().interrupt();
        try {
            service(Strategy.SYNC, 60_000).handle("GET", "/hello", null, exchange);
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
        assertEquals(List.of(Reply.HELLO), exchange.sent);
    }

    @Test
    void badWaitIsA400WithTheReasonAndIsCounted() {
        RecordingExchange exchange = new RecordingExchange();
        service(Strategy.ASYNC_COMPLETE, 0).handle("GET", "/hello", "wait=soon", exchange);
        Reply reply = exchange.sent.get(0);
        assertEquals(400, reply.status());
        assertEquals("wait must be a whole number of milliseconds, was 'soon'", body(reply));
        assertTrue(timer.delays.isEmpty());
        exchange.completeAll();
        assertEquals(1, stats.startedCount());
        assertEquals(1, stats.completedCount());
    }

    @Test
    void statsAnswerTheCountersAsJsonWithoutCountingThemselves() {
        RecordingExchange exchange = new RecordingExchange();
        HelloService service = service(Strategy.ASYNC_COMPLETE, 0);
        service.handle("GET", "/hello", null, exchange);
        service.handle("GET", "/stats", null, exchange);
        Reply reply = exchange.sent.get(1);
        assertEquals(200, reply.status());
        assertEquals("application/json", reply.contentType());
        assertTrue(body(reply).startsWith("{\"started\":1,\"completed\":0,\"inFlight\":1,\"maxInFlight\":1,"
                + "\"streams\":0,\"streamsInFlight\":0,\"streamedBytes\":0,\"jvm\":{\"allocatedBytes\":"), body(reply));
        assertEquals(1, exchange.hooksHandedOver, "only the hello is counted: nothing to count when /stats is written");
    }

    @Test
    void statsEndWithWhatTheJvmHasSpentAndResetPeaksStartsTheNewPeaksFromNow() throws Exception {
        HelloService service = service(Strategy.ASYNC_COMPLETE, 0);
        RecordingExchange held = new RecordingExchange();
        service.handle("GET", "/hello", "wait=1000", held);
        RecordingExchange done = new RecordingExchange();
        service.handle("GET", "/hello", "wait=1000", done);
        done.completeAll();
        assertEquals(2, stats.maxInFlightCount());

        RecordingExchange reader = new RecordingExchange();
        service.handle("GET", "/stats", "x=1", reader);
        long[] before = jvm(body(reader.sent.get(0)));
        assertTrue(before[0] > 0, "allocated bytes: " + body(reader.sent.get(0)));
        assertTrue(before[2] >= before[1], "the peak is at least what is alive");
        assertEquals(2, stats.maxInFlightCount(), "a query without resetPeaks resets nothing");

        // Threads that come and go raise the JVM's peak above what stays alive.
        List<Thread> burst = new ArrayList<>();
        CountDownLatch all = new CountDownLatch(1);
        for (int i = 0; i < 20; i++) {
            Thread thread = new Thread(() -> {
                try {
                    all.await();
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                }
            });
            thread.start();
            burst.add(thread);
        }
        all.countDown();
        for (Thread thread : burst) {
            thread.join();
        }
        RecordingExchange peak = new RecordingExchange();
        service.handle("GET", "/stats", null, peak);
        long peakBefore = jvm(body(peak.sent.get(0)))[2];

        RecordingExchange reset = new RecordingExchange();
        service.handle("GET", "/stats", "resetPeaks", reset);
        String json = body(reset.sent.get(0));
        assertTrue(json.contains("\"inFlight\":1,\"maxInFlight\":1,"), "the peak is what is in flight now: " + json);
        assertTrue(json.startsWith("{\"started\":2,\"completed\":1,"), "totals are not reset: " + json);
        long[] after = jvm(json);
        assertTrue(after[2] < peakBefore, "peakThreads " + after[2] + " after the reset, " + peakBefore + " before");
        assertTrue(after[0] >= before[0], "allocatedBytes is a total");

        RecordingExchange valued = new RecordingExchange();
        service.handle("GET", "/hello", "wait=1000", new RecordingExchange());
        service.handle("GET", "/stats", "a=b&resetPeaks=1", valued);
        assertEquals(2, stats.maxInFlightCount());
        held.completeAll();
        service.handle("HEAD", "/stats", "resetPeaks", new RecordingExchange());
        assertEquals(1, stats.maxInFlightCount(), "with a value too, and on HEAD, which runs GET's code");
    }

    @Test
    void resetPeaksIsANameAnywhereInTheQueryWithOrWithoutAValue() {
        assertTrue(HelloService.hasParameter("resetPeaks", "resetPeaks"));
        assertTrue(HelloService.hasParameter("resetPeaks=", "resetPeaks"));
        assertTrue(HelloService.hasParameter("a=1&resetPeaks=yes", "resetPeaks"));
        assertFalse(HelloService.hasParameter(null, "resetPeaks"));
        assertFalse(HelloService.hasParameter("", "resetPeaks"));
        assertFalse(HelloService.hasParameter("resetPeaksNow", "resetPeaks"), "another name");
        assertFalse(HelloService.hasParameter("x=resetPeaks", "resetPeaks"), "a value, not a name");
        assertFalse(HelloService.hasParameter("resetpeaks", "resetPeaks"), "names are case-sensitive");
    }

    /** allocatedBytes, liveThreads, peakThreads of a {@code /stats} body. */
    private static long[] jvm(String json) {
        Matcher matcher = Pattern.compile(
                ",\"jvm\":\\{\"allocatedBytes\":(\\d+),\"liveThreads\":(\\d+),\"peakThreads\":(\\d+)}}$").matcher(json);
        assertTrue(matcher.find(), json);
        return new long[] {Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)), Long.parseLong(matcher.group(3))};
    }

    @Test
    void aServerCanAddItsOwnFiguresAfterTheContractsCounters() {
        HelloService service = service(Strategy.ASYNC_COMPLETE, 0);
        long[] reads = {0};
        service.reportServerFigures("executionStrategy", () -> "{\"ranInPlace\":" + (++reads[0]) + "}");
        String first = service.statsJson();
        assertTrue(first.startsWith("{\"started\":0,\"completed\":0,\"inFlight\":0,\"maxInFlight\":0,"
                + "\"streams\":0,\"streamsInFlight\":0,\"streamedBytes\":0,\"executionStrategy\":{\"ranInPlace\":1},\"jvm\":{"),
                first);
        assertTrue(service.statsJson().contains("{\"ranInPlace\":2}"), "read anew for every /stats");
    }

    @Test
    void streamIsHandedToTheExchangeWithTheModeOfTheStrategyAndCountedApartFromHello() {
        Map<Strategy, WriteMode> modes = Map.of(Strategy.SYNC, WriteMode.BLOCKING, Strategy.VIRTUAL, WriteMode.BLOCKING,
                Strategy.ASYNC_COMPLETE, WriteMode.NON_BLOCKING, Strategy.WRITE_LISTENER, WriteMode.NON_BLOCKING);
        modes.forEach((strategy, mode) -> {
            RecordingExchange exchange = new RecordingExchange();
            HelloService service = service(strategy, 0, new RequestStats());
            service.handle("GET", "/stream", "bytes=100&chunk=7", exchange);
            assertEquals(List.of(mode), exchange.streamModes, strategy.cliName());
            StreamBody body = exchange.streams.get(0);
            assertEquals(100, body.length());
            assertEquals(7, body.chunkSize());
            assertEquals(strategy.isAsynchronous() ? 1 : 0, exchange.startAsyncCalls, strategy + " detaches the request");
            assertEquals(0, service.stats().startedCount(), "a stream is not a hello");
            assertEquals(1, service.streamStats().inFlightCount());
            body.advance(60);
            body.advance(40);
            exchange.completeAll();
            assertEquals(0, service.streamStats().inFlightCount());
            assertEquals(100, service.streamStats().bytes());
            assertTrue(service.statsJson().contains("\"streams\":1,\"streamsInFlight\":0,\"streamedBytes\":100,"),
                    service.statsJson());
        });
    }

    @Test
    void aBadStreamRequestIsA400WithTheReasonAndNotCounted() {
        RecordingExchange exchange = new RecordingExchange();
        HelloService service = service(Strategy.SYNC, 0);
        service.handle("GET", "/stream", "chunk=5", exchange);
        assertEquals(400, exchange.sent.get(0).status());
        assertEquals("bytes=N is required (the body length, 0 to 1073741824)", body(exchange.sent.get(0)));
        assertTrue(exchange.streams.isEmpty());
        assertEquals(0, service.streamStats().startedCount());
    }

    @Test
    void writeListenerSendsTheHelloTheNonBlockingWay() {
        RecordingExchange exchange = new RecordingExchange();
        service(Strategy.WRITE_LISTENER, 0).handle("GET", "/hello", null, exchange);
        assertEquals(List.of(WriteMode.NON_BLOCKING), exchange.sendModes);
        assertEquals(1, exchange.startAsyncCalls);
    }

    @Test
    void otherPathsAre404WhateverTheMethodAndNotCounted() {
        RecordingExchange exchange = new RecordingExchange();
        HelloService service = service(Strategy.ASYNC_COMPLETE, 0);
        service.handle("GET", "/", null, exchange);
        service.handle("GET", "/hello/", null, exchange);
        service.handle("POST", "/nope", null, exchange);
        service.handle("DELETE", "/stats/x", null, exchange);
        assertEquals(List.of(Reply.NOT_FOUND, Reply.NOT_FOUND, Reply.NOT_FOUND, Reply.NOT_FOUND), exchange.sent);
        assertEquals(0, stats.startedCount());
    }

    @Test
    void otherMethodsOnTheContractsPathsAre405WithAllowGetAndHeadAndNotCounted() {
        RecordingExchange exchange = new RecordingExchange();
        HelloService service = service(Strategy.ASYNC_COMPLETE, 0);
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get")) {
            for (String path : List.of("/hello", "/stats", "/stream")) {
                service.handle(method, path, "bytes=10", exchange);
            }
        }
        assertEquals(18, exchange.sent.size());
        for (Reply reply : exchange.sent) {
            assertSame(Reply.METHOD_NOT_ALLOWED, reply);
        }
        assertEquals(405, Reply.METHOD_NOT_ALLOWED.status());
        assertEquals("GET, HEAD", Reply.METHOD_NOT_ALLOWED.allow());
        assertEquals(Reply.METHOD_NOT_ALLOWED.bodyLength(), Reply.METHOD_NOT_ALLOWED.contentLength());
        assertTrue(body(Reply.METHOD_NOT_ALLOWED).contains("GET, HEAD"), body(Reply.METHOD_NOT_ALLOWED));
        assertTrue(exchange.streams.isEmpty());
        assertEquals(0, exchange.startAsyncCalls, "a 405 is sent at once, by no strategy");
        assertEquals(0, stats.startedCount());
        assertEquals(0, service.streamStats().startedCount());
    }

    @Test
    void headHelloIsTheGetsHeadWithoutBodyAfterTheSameWaitAndIsCounted() {
        RecordingExchange exchange = new RecordingExchange();
        service(Strategy.ASYNC_COMPLETE, 30).handle("HEAD", "/hello", null, exchange);
        assertEquals(1, exchange.startAsyncCalls, "the strategy runs as for GET");
        assertEquals(List.of(30L), timer.delays, "the same wait as GET");
        assertTrue(exchange.sent.isEmpty());
        timer.fire();
        Reply head = exchange.sent.get(0);
        assertSame(Reply.HELLO_HEAD, head);
        assertEquals(200, head.status());
        assertEquals(Reply.HELLO.contentType(), head.contentType());
        assertEquals(Reply.HELLO.contentLength(), head.contentLength(), "Content-Length as GET would send");
        assertEquals(0, head.bodyLength());
        assertEquals(0, head.body().remaining());
        assertFalse(head.isHello(), "servers send their pre-encoded hello body only for GET");
        assertEquals(1, stats.inFlightCount());
        exchange.completeAll();
        assertEquals(1, stats.completedCount());
    }

    @Test
    void headHelloGoesThroughTheStrategyWithItsWriteModeAsGetDoes() {
        Map<Strategy, WriteMode> modes = Map.of(Strategy.SYNC, WriteMode.BLOCKING, Strategy.VIRTUAL, WriteMode.BLOCKING,
                Strategy.ASYNC_COMPLETE, WriteMode.BLOCKING, Strategy.WRITE_LISTENER, WriteMode.NON_BLOCKING);
        modes.forEach((strategy, mode) -> {
            RecordingExchange exchange = new RecordingExchange();
            service(strategy, 0, new RequestStats()).handle("HEAD", "/hello", null, exchange);
            assertEquals(List.of(Reply.HELLO_HEAD), exchange.sent, strategy.cliName());
            assertEquals(List.of(mode), exchange.sendModes, strategy.cliName());
            assertEquals(strategy.isAsynchronous() ? 1 : 0, exchange.startAsyncCalls, strategy + " detaches the request");
        });
    }

    @Test
    void headOfABadWaitIsThe400sHeadWithItsLength() {
        RecordingExchange get = new RecordingExchange();
        RecordingExchange head = new RecordingExchange();
        HelloService service = service(Strategy.ASYNC_COMPLETE, 0);
        service.handle("GET", "/hello", "wait=soon", get);
        service.handle("HEAD", "/hello", "wait=soon", head);
        Reply full = get.sent.get(0);
        Reply headOnly = head.sent.get(0);
        assertEquals(400, headOnly.status());
        assertEquals(full.contentLength(), headOnly.contentLength());
        assertEquals(full.bodyLength(), headOnly.contentLength());
        assertEquals(0, headOnly.bodyLength());
    }

    @Test
    void headStreamIsTheStreamsHeadAtOnceWithoutAByteGeneratedOrCounted() {
        RecordingExchange exchange = new RecordingExchange();
        HelloService service = service(Strategy.WRITE_LISTENER, 0);
        service.handle("HEAD", "/stream", "bytes=1000&chunk=7", exchange);
        assertTrue(exchange.streams.isEmpty(), "no stream is started");
        assertEquals(0, exchange.startAsyncCalls, "nothing to pace: no hand-off");
        Reply head = exchange.sent.get(0);
        assertEquals(200, head.status());
        assertEquals(StreamBody.CONTENT_TYPE, head.contentType());
        assertEquals(1000, head.contentLength());
        assertEquals(0, head.bodyLength());
        assertEquals(0, service.streamStats().startedCount());
        assertEquals(0, service.streamStats().bytes());

        service.handle("HEAD", "/stream", "bytes=x", exchange);
        assertEquals(400, exchange.sent.get(1).status(), "a bad stream request is the 400's head");
        assertEquals(0, exchange.sent.get(1).bodyLength());
    }

    @Test
    void headStatsAndHeadOfAnUnknownPathAreTheirGetsHeads() {
        RecordingExchange exchange = new RecordingExchange();
        HelloService service = service(Strategy.ASYNC_COMPLETE, 0);
        service.handle("HEAD", "/stats", null, exchange);
        service.handle("HEAD", "/nope", null, exchange);
        Reply stats = exchange.sent.get(0);
        assertEquals(200, stats.status());
        assertEquals("application/json", stats.contentType());
        assertEquals(service.statsJson().length(), stats.contentLength());
        assertEquals(0, stats.bodyLength());
        Reply notFound = exchange.sent.get(1);
        assertEquals(404, notFound.status());
        assertEquals(Reply.NOT_FOUND.contentLength(), notFound.contentLength());
        assertEquals(0, notFound.bodyLength());
    }

    @Test
    void aHeadExchangeSendsTheHeadOfAStreamItIsAskedToWrite() {
        RecordingExchange exchange = new RecordingExchange();
        StreamBody body = StreamBody.parse("bytes=12345", new StreamStats());
        new HeadExchange(exchange).stream(body, WriteMode.NON_BLOCKING);
        assertTrue(exchange.streams.isEmpty());
        assertEquals(12345, exchange.sent.get(0).contentLength());
        assertEquals(0, exchange.sent.get(0).bodyLength());
        assertEquals(List.of(WriteMode.NON_BLOCKING), exchange.sendModes);
        assertEquals(0, body.position(), "not a byte of the body taken");
    }

    @Test
    void aDefaultWaitOutsideTheContractIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> service(Strategy.ASYNC_COMPLETE, -1));
        assertThrows(IllegalArgumentException.class, () -> service(Strategy.ASYNC_COMPLETE, 3_600_001));
    }

    @Test
    void strategiesAreFoundByTheirCommandLineName() {
        assertEquals(Strategy.ASYNC_COMPLETE, Strategy.byName("async-complete").orElseThrow());
        assertEquals(Strategy.VIRTUAL, Strategy.byName("virtual").orElseThrow());
        assertEquals(Strategy.IN_PLACE, Strategy.byName("in-place").orElseThrow());
        assertFalse(Strategy.IN_PLACE.isAsynchronous(), "nothing to sweep: it hands nothing off");
        assertTrue(Strategy.IN_PLACE.waitsOnTheTimer());
        assertTrue(Strategy.byName("ASYNC_COMPLETE").isEmpty());
        assertFalse(Strategy.ASYNC_COMPLETE.blocksThread());
        assertTrue(Strategy.SYNC.blocksThread());
        assertTrue(Strategy.VIRTUAL.onVirtualThreads());
        assertFalse(Strategy.SYNC.onVirtualThreads());
    }

    private static void awaitSent(RecordingExchange exchange) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (exchange.sentOn == null) {
            assertTrue(System.nanoTime() - deadline < 0, "nothing sent within 10 s");
            Thread.sleep(1);
        }
    }

    private static String body(Reply reply) {
        var body = reply.body();
        byte[] bytes = new byte[body.remaining()];
        body.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
