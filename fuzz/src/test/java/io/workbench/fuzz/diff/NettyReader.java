package io.workbench.fuzz.diff;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.StreamOutcome;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Netty 4.2's {@link HttpRequestDecoder} on an {@link EmbeddedChannel}, with its defaults but for
 * room: an initial line and a header section of 32 KiB (more than iocore's default limits, so that
 * Netty never refuses for size what iocore accepts). The stream is written in once, then the
 * channel is finished (the client closed). Netty's decoder does not say where in the stream a
 * request ended ({@link ParsedMessage#end()} is -1); a disagreement on that shows in the request
 * after it.
 */
public final class NettyReader implements RequestStreamReader {

    @Override
    public String name() {
        return "netty";
    }

    @Override
    public StreamOutcome read(byte[] stream) {
        HttpDecoderConfig config = new HttpDecoderConfig().setMaxInitialLineLength(32 * 1024).setMaxHeaderSize(32 * 1024);
        Decoder decoder = new Decoder(config);
        EmbeddedChannel channel = new EmbeddedChannel(decoder);
        try {
            channel.writeInbound(Unpooled.wrappedBuffer(stream));
            // Netty keeps a request line it has not seen the end of, and at the close drops it
            // without a word: for the differential that is a truncated request, as for the others.
            boolean partialLine = decoder.pending() > 0;
            channel.finish();
            List<ParsedMessage> messages = new ArrayList<>();
            HttpRequest request = null;
            List<ParsedMessage.Field> fields = null;
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            Object read;
            while ((read = channel.readInbound()) != null) {
                HttpObject object = (HttpObject) read;
                try {
                    DecoderResult result = object.decoderResult();
                    if (result.isFailure()) {
                        Throwable cause = result.cause();
                        if (cause instanceof PrematureChannelClosureException) {
                            return new StreamOutcome(List.copyOf(messages), StreamOutcome.Ending.TRUNCATED, 0, String.valueOf(cause.getMessage()));
                        }
                        return StreamOutcome.refused(messages, 400, cause.getClass().getSimpleName() + ": " + cause.getMessage());
                    }
                    if (object instanceof HttpRequest r) {
                        request = r;
                        fields = new ArrayList<>();
                        for (Map.Entry<String, String> header : r.headers()) {
                            fields.add(new ParsedMessage.Field(header.getKey(), header.getValue()));
                        }
                        body.reset();
                    }
                    if (object instanceof HttpContent content) {
                        ByteBuf bytes = content.content();
                        byte[] copy = new byte[bytes.readableBytes()];
                        bytes.getBytes(bytes.readerIndex(), copy);
                        body.writeBytes(copy);
                    }
                    if (object instanceof LastHttpContent last && request != null) {
                        List<ParsedMessage.Field> trailers = new ArrayList<>();
                        for (Map.Entry<String, String> trailer : last.trailingHeaders()) {
                            trailers.add(new ParsedMessage.Field(trailer.getKey(), trailer.getValue()));
                        }
                        messages.add(new ParsedMessage(request.method().name(), request.uri(), 0, request.protocolVersion().text(), List.copyOf(fields),
                                body.toString(StandardCharsets.ISO_8859_1), -1, List.copyOf(trailers)));
                        request = null;
                    }
                } finally {
                    io.netty.util.ReferenceCountUtil.release(object);
                }
            }
            return StreamOutcome.ended(messages, request != null || partialLine ? StreamOutcome.Ending.TRUNCATED : StreamOutcome.Ending.CLEAN);
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /** The decoder, with how many bytes it holds that it has not decoded yet. */
    private static final class Decoder extends HttpRequestDecoder {
        Decoder(HttpDecoderConfig config) {
            super(config);
        }

        int pending() {
            return internalBuffer().readableBytes();
        }
    }
}
