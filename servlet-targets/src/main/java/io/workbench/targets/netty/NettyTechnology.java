package io.workbench.targets.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@code netty}: Netty 4.2 with {@link HttpServerCodec} on the NIO transport (the epoll native jar
 * of 4.2.20 is not on Maven Central), the second peer iocore is measured against.
 *
 * <p>Configuration, and why: one event-loop group of {@link TargetSettings#ioThreads()} threads
 * (one per available processor, so a server pinned to one core runs a single thread that both
 * accepts and serves, with no hand-off), Netty's default allocator, no aggregator (a hello request
 * has no body; bodies are read and dropped), a reader-idle {@link IdleStateHandler} for the shared
 * idle timeout (reader-only, so it adds no listener to every write), whose event closes the
 * connection only when it waits for the client ({@link NettyHelloHandler#userEventTriggered}: a
 * request the handler holds is not idle, nor a stream that moves), backlog, {@code SO_REUSEADDR}
 * and {@code TCP_NODELAY} from the settings. Waits are kept by the target's wait timer, as on
 * every server; a response is always written from the thread that owns the channel, an exchange
 * called elsewhere hops there ({@link NettyExchange}). {@code /stream}
 * ({@link NettyStream}) writes while the channel is writable and resumes on
 * {@code channelWritabilityChanged}.
 */
public final class NettyTechnology implements ServerTechnology {

    @Override
    public String name() {
        return "netty";
    }

    @Override
    public String description() {
        return "Netty 4.2 HttpServerCodec on NIO, the handler called on the channel's event loop";
    }

    @Override
    public Set<Strategy> strategies() {
        return Set.of(Strategy.IN_PLACE, Strategy.ASYNC_COMPLETE);
    }

    @Override
    public String howItRuns(Strategy strategy) {
        return switch (strategy) {
            case IN_PLACE -> "the handler answers on the channel's event loop; a wait is the wait timer, whose thread "
                    + "sends (the write hops back to the event loop, as every Netty write from another thread does)";
            case ASYNC_COMPLETE -> "the handler, on the event loop, hands the request to the fork-join pool, which sends "
                    + "(the write hops back to the channel's event loop); a wait is the wait timer, handed back to the pool";
            default -> throw new IllegalArgumentException(name() + " does not run " + strategy);
        };
    }

    @Override
    public String whyNot(Strategy strategy) {
        return switch (strategy) {
            case SYNC, VIRTUAL -> "Netty's handlers run on its event loops, which must never sleep, and the study ran no "
                    + "thread-blocking Netty target (its Netty row was Comsat Web Actors)";
            case ASYNC_DISPATCH -> "Netty has no container pool to dispatch a request back to; its event loops must not block";
            case ASYNC_QUEUE -> "the study's batch queue is a servlet/Undertow row; Netty hands requests to a pool in "
                    + "netty:async-complete";
            case WRITE_LISTENER -> "WriteListener is a Servlet 3.1 API; Netty's /stream is driven by channel writability "
                    + "in every cell";
            default -> throw new IllegalArgumentException(name() + " runs " + strategy);
        };
    }

    /** True: Netty writes a channel's bytes on its event loop only; a write from elsewhere moves there. */
    @Override
    public boolean writesOnItsIoThreadsOnly() {
        return true;
    }

    @Override
    public String traceFirstRead() {
        return "the decoded head reached the handler on the event loop, in the read that brought its last byte "
                + "(Netty keeps no time of its own)";
    }

    @Override
    public CellFacts facts(Strategy strategy) {
        WriteBufferWaterMark marks = WriteBufferWaterMark.DEFAULT;
        String buffers = "Netty's default allocator (" + ByteBufAllocator.DEFAULT.getClass().getSimpleName()
                + (ByteBufAllocator.DEFAULT.isDirectBufferPooled() ? ", pooled direct" : "") + "), reads sized by its adaptive "
                + "receive-buffer allocator; a channel is writable below " + marks.high() / 1024 + " KiB queued, again below "
                + marks.low() / 1024 + " KiB";
        return new CellFacts("one event loop per processor, accepting too", "none: the handler runs on the event loop", buffers,
                "a reader-idle IdleStateHandler, whose event closes only a connection waiting for the client",
                List.of("Netty is not in the study as a plain handler (its Netty row was Comsat Web Actors)",
                        "the NIO transport, not epoll: the epoll jar of 4.2.20 is not on Maven Central"));
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(settings.ioThreads(), new DefaultThreadFactory("netty"),
                NioIoHandler.newFactory());
        long idleMillis = settings.idleTimeout().toMillis();
        try {
            ServerBootstrap bootstrap = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, settings.backlog())
                    .option(ChannelOption.SO_REUSEADDR, settings.reuseAddress())
                    .childOption(ChannelOption.TCP_NODELAY, settings.tcpNoDelay())
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline().addLast(
                                    new IdleStateHandler(idleMillis, 0, 0, TimeUnit.MILLISECONDS),
                                    new HttpServerCodec(),
                                    new NettyHelloHandler(hello, TimeUnit.MILLISECONDS.toNanos(idleMillis)));
                        }
                    });
            Channel listener = bootstrap.bind(settings.host(), settings.port()).sync().channel();
            return new RunningNetty(group, listener);
        } catch (Exception failed) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
            throw failed;
        }
    }

    @Override
    public String toString() {
        return name();
    }

    private record RunningNetty(EventLoopGroup group, Channel listener) implements RunningServer {

        @Override
        public int port() {
            return ((InetSocketAddress) listener.localAddress()).getPort();
        }

        @Override
        public void stopAccepting() {
            listener.close().syncUninterruptibly();
        }

        @Override
        public void close() {
            // No quiet period: the shared stop sequence has already let in-flight requests finish.
            // Shutting the loops down closes every channel registered with them.
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
