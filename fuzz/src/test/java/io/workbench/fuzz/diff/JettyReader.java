package io.workbench.fuzz.diff;

import io.workbench.fuzz.ParsedMessage;
import io.workbench.fuzz.StreamOutcome;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.http.HttpVersion;

/**
 * Jetty 12.1's {@link HttpParser} in the compliance mode a Jetty server uses by default
 * ({@link HttpCompliance#RFC9110}), with room for a header section of {@value #MAX_HEADER_BYTES}
 * bytes (more than iocore's default limits, so that Jetty never refuses for size what iocore
 * accepts). It parses a request at a time with {@code parseNext}, resetting after each, as Jetty's
 * connection does; the offset where each request ends is the buffer's position when it completes.
 */
public final class JettyReader implements RequestStreamReader {

    static final int MAX_HEADER_BYTES = 32 * 1024;

    @Override
    public String name() {
        return "jetty";
    }

    @Override
    public StreamOutcome read(byte[] stream) {
        Handler handler = new Handler();
        HttpParser parser = new HttpParser(handler, MAX_HEADER_BYTES, HttpCompliance.RFC9110);
        ByteBuffer buffer = ByteBuffer.wrap(stream);
        int calls = 0;
        while (true) {
            if (++calls > 4 * stream.length + 16) {
                throw new AssertionError("jetty: no progress after " + calls + " calls to parseNext for " + stream.length + " bytes; " + parser);
            }
            if (handler.failure != null) {
                return StreamOutcome.refused(handler.messages, handler.failure.getCode(), String.valueOf(handler.failure.getReason()));
            }
            if (handler.complete) {
                handler.complete = false;
                handler.end(buffer.position());
                parser.reset();
                continue;
            }
            if (!buffer.hasRemaining()) {
                // Jetty calls earlyEOF() for an input that ends between requests too; only one that
                // ends inside a request (or its request line) is truncated.
                boolean between = parser.isStart();
                if (!parser.isAtEOF()) {
                    parser.atEOF();
                }
                parser.parseNext(buffer);
                if (handler.failure != null) {
                    return StreamOutcome.refused(handler.messages, handler.failure.getCode(), String.valueOf(handler.failure.getReason()));
                }
                if (handler.complete) {
                    handler.complete = false;
                    handler.end(buffer.position());
                    continue;
                }
                if (handler.earlyEof && !between) {
                    return new StreamOutcome(List.copyOf(handler.messages), StreamOutcome.Ending.TRUNCATED, 0, "early EOF");
                }
                return StreamOutcome.ended(handler.messages, between ? StreamOutcome.Ending.CLEAN : StreamOutcome.Ending.TRUNCATED);
            }
            parser.parseNext(buffer);
        }
    }

    private static final class Handler implements HttpParser.RequestHandler {
        final List<ParsedMessage> messages = new ArrayList<>();
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final List<ParsedMessage.Field> fields = new ArrayList<>();
        private final List<ParsedMessage.Field> trailers = new ArrayList<>();
        private String method;
        private String target;
        private String version;
        boolean complete;
        boolean earlyEof;
        HttpException failure;

        @Override
        public void startRequest(String method, String uri, HttpVersion version) {
            this.method = method;
            this.target = uri;
            this.version = version == null ? "null" : version.asString();
            fields.clear();
            trailers.clear();
            body.reset();
        }

        @Override
        public void parsedHeader(HttpField field) {
            fields.add(field(field));
        }

        @Override
        public void parsedTrailer(HttpField field) {
            trailers.add(field(field));
        }

        private static ParsedMessage.Field field(HttpField field) {
            return new ParsedMessage.Field(field.getName(), field.getValue() == null ? "" : field.getValue());
        }

        @Override
        public boolean headerComplete() {
            return false;
        }

        @Override
        public boolean content(ByteBuffer content) {
            byte[] bytes = new byte[content.remaining()];
            content.get(bytes);
            body.writeBytes(bytes);
            return false;
        }

        @Override
        public boolean contentComplete() {
            return false;
        }

        @Override
        public boolean messageComplete() {
            complete = true;
            return true;
        }

        void end(int offset) {
            messages.add(new ParsedMessage(method, target, 0, version, List.copyOf(fields), body.toString(StandardCharsets.ISO_8859_1), offset,
                    List.copyOf(trailers)));
        }

        @Override
        public void earlyEOF() {
            earlyEof = true;
        }

        @Override
        public void badMessage(HttpException failure) {
            this.failure = failure;
        }
    }
}
