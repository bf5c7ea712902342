package io.workbench.jmh.http;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * iocore's HTTP/1.1 request parser against Jetty 12.1's on the same bytes; the score is requests
 * parsed per second, on one thread, from heap buffers.
 *
 * <ul>
 *   <li>{@link #keepAlive}: one request per buffer, the parser reset after each, as a keep-alive
 *       connection reads one request per read; the run cycles through {@link SampleRequest#TARGETS}
 *       buffers.</li>
 *   <li>{@link #pipelined}: the same requests back to back in one buffer, parsed in one go.</li>
 * </ul>
 * {@code request}: what wrk sends (the request line and Host) or what a browser sends (12
 * fields). {@code targets}: {@code SAME} repeats one request, as a load tool does; {@code
 * DISTINCT} gives each a query of its own, which defeats iocore's reuse of the last target it
 * decoded, so the pair shows what that reuse is worth and what parsing costs without it. Both
 * parsers hand the application the method, the target and the Host value ({@link RequestParsing}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class HttpParserBenchmark {

    @Param
    public RequestParsing.Parser parser;

    @Param
    public SampleRequest request;

    @Param
    public Targets targets;

    /** Whether the requests of a run repeat one target or each have their own. */
    public enum Targets { SAME, DISTINCT }

    private RequestParsing parsing;
    private ByteBuffer[] keepAlive;
    private ByteBuffer pipeline;
    private int next;

    @Setup(Level.Trial)
    public void prepare() {
        boolean distinct = targets == Targets.DISTINCT;
        parsing = parser.create();
        keepAlive = request.keepAliveBuffers(distinct);
        pipeline = request.pipelinedBuffer(distinct);
    }

    @Benchmark
    public long keepAlive() {
        ByteBuffer buffer = keepAlive[next++ & (SampleRequest.TARGETS - 1)];
        buffer.position(0);
        return parsing.parseAll(buffer);
    }

    @Benchmark
    @OperationsPerInvocation(SampleRequest.TARGETS)
    public long pipelined() {
        pipeline.position(0);
        return parsing.parseAll(pipeline);
    }
}
