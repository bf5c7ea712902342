package io.workbench.fuzz;

import io.workbench.iocore.http.BadMessageException;
import io.workbench.iocore.http.BodyFraming;
import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpParser;
import io.workbench.iocore.http.HttpParser.Progress;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a stream with iocore's {@link HttpParser} the way a connection does: piece by piece as the
 * reads "arrive", parsing each piece until it is used up, resetting after every message so that
 * pipelined messages follow, and telling the parser when the input ends.
 *
 * <p>While it reads it checks that the parser makes progress: {@code NEED_INPUT} only once the
 * piece is used up, and a bounded number of calls for the bytes it was given. A parser that breaks
 * either fails the read with an {@link AssertionError}; any exception but
 * {@link BadMessageException} escapes as it is. Both are findings.
 */
public final class IocoreReader {

    /** What iocore decided about the framing of a message, beside what it parsed. */
    public record Framing(BodyFraming framing, long contentLength, boolean persistent, HttpMethod answered, int hostFields) {
    }

    /** The outcome, and the framing of each accepted message. */
    public record Result(StreamOutcome outcome, List<Framing> framings) {
    }

    private IocoreReader() {
    }

    /** Reads a stream of requests, whole, from a heap buffer, with the default limits, the input ending after it. */
    public static Result requests(byte[] stream) {
        return read(HttpParser.forRequests(), stream, new int[0], BufferKind.HEAP, false, true, List.of());
    }

    /** Reads a stream of requests as {@code input} says. */
    public static Result requests(FuzzInput input) {
        return read(HttpParser.forRequests(input.limits()), input.stream(), input.cuts(), input.kind(), input.pause(), input.endOfInput(), List.of());
    }

    /** Reads a stream of responses as {@code input} says, each answering the next of its request methods (GET after them). */
    public static Result responses(FuzzInput input) {
        return read(HttpParser.forResponses(input.limits()), input.stream(), input.cuts(), input.kind(), input.pause(), input.endOfInput(),
                input.requestMethods());
    }

    /** The same stream, whole, in a heap buffer, without pauses: what every other way of reading it must agree with. */
    public static Result wholeOf(FuzzInput input, boolean requests) {
        HttpParser parser = requests ? HttpParser.forRequests(input.limits()) : HttpParser.forResponses(input.limits());
        return read(parser, input.stream(), new int[0], BufferKind.HEAP, false, input.endOfInput(), requests ? List.of() : input.requestMethods());
    }

    static Result read(HttpParser parser, byte[] stream, int[] cuts, BufferKind kind, boolean pause, boolean endOfInput, List<HttpMethod> methods) {
        Collector collector = new Collector(pause);
        int answered = 0;
        if (!parser.parsesRequests()) {
            parser.expectResponseTo(method(methods, answered));
        }
        // Every call consumes a byte, ends a message or reports an event: more calls than this is a loop.
        long budget = 4L * stream.length + 4L * (cuts.length + 1) + 16;
        long calls = 0;
        int from = 0;
        try {
            for (int i = 0; i <= cuts.length; i++) {
                int to = i < cuts.length ? cuts[i] : stream.length;
                ByteBuffer piece = kind.wrap(stream, from, to);
                int base = piece.position();
                while (true) {
                    if (++calls > budget) {
                        throw new AssertionError("no progress: " + calls + " calls to parse() for " + stream.length + " bytes; " + parser);
                    }
                    int before = piece.position();
                    Progress progress = parser.parse(piece, collector);
                    if (progress == Progress.NEED_INPUT) {
                        if (piece.hasRemaining()) {
                            throw new AssertionError("NEED_INPUT with " + piece.remaining() + " bytes left; " + parser);
                        }
                        break;
                    }
                    if (progress == Progress.MESSAGE_COMPLETE) {
                        collector.complete(parser, from + piece.position() - base, answered < methods.size() ? methods.get(answered) : HttpMethod.GET);
                        parser.reset();
                        answered++;
                        if (!parser.parsesRequests()) {
                            parser.expectResponseTo(method(methods, answered));
                        }
                        if (!piece.hasRemaining()) {
                            break;
                        }
                    } else if (progress == Progress.PAUSED) {
                        if (!collector.pause) {
                            throw new AssertionError("PAUSED from a handler that never pauses; " + parser);
                        }
                    } else {
                        throw new AssertionError("parse() returned " + progress);
                    }
                    if (piece.position() < before) {
                        throw new AssertionError("the position went back from " + before + " to " + piece.position());
                    }
                }
                from = to;
            }
            if (!endOfInput) {
                // Bytes after the last message's end are the start of another (or empty lines before one).
                long lastEnd = collector.messages.isEmpty() ? 0 : collector.messages.getLast().end();
                return new Result(StreamOutcome.ended(collector.messages, lastEnd < stream.length ? StreamOutcome.Ending.PARTIAL : StreamOutcome.Ending.CLEAN),
                        collector.framings);
            }
            Progress last = parser.endOfInput(collector);
            if (last == Progress.MESSAGE_COMPLETE) {
                collector.complete(parser, stream.length, answered < methods.size() ? methods.get(answered) : HttpMethod.GET);
                last = parser.endOfInput(collector);
            }
            if (last != Progress.CLOSED) {
                throw new AssertionError("endOfInput() returned " + last + " after the message it completed; " + parser);
            }
            return new Result(StreamOutcome.ended(collector.messages, StreamOutcome.Ending.CLEAN), collector.framings);
        } catch (BadMessageException x) {
            checkStaysFailed(parser, x);
            if (x.reason().startsWith("the input ended inside a message")) {
                return new Result(new StreamOutcome(List.copyOf(collector.messages), StreamOutcome.Ending.TRUNCATED, x.status(), x.reason()), collector.framings);
            }
            return new Result(StreamOutcome.refused(collector.messages, x.status(), x.reason()), collector.framings);
        }
    }

    private static HttpMethod method(List<HttpMethod> methods, int index) {
        return index < methods.size() ? methods.get(index) : HttpMethod.GET;
    }

    /** A failed parser answers every later call with the same failure and is never reset. */
    private static void checkStaysFailed(HttpParser parser, BadMessageException failure) {
        if (!parser.isFailed()) {
            throw new AssertionError("a BadMessageException left the parser not failed: " + parser);
        }
        try {
            parser.parse(ByteBuffer.wrap("GET / HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)), new Collector(false));
            throw new AssertionError("a failed parser parsed again: " + parser);
        } catch (BadMessageException again) {
            if (again != failure) {
                throw new AssertionError("a failed parser threw another failure: " + again.getMessage() + " after " + failure.getMessage());
            }
        }
    }

    private static final class Collector implements HttpParser.Handler {
        final boolean pause;
        final List<ParsedMessage> messages = new ArrayList<>();
        final List<Framing> framings = new ArrayList<>();
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private boolean head;

        Collector(boolean pause) {
            this.pause = pause;
        }

        @Override
        public boolean headComplete(HttpParser parser) {
            if (head) {
                throw new AssertionError("headComplete twice for one message; " + parser);
            }
            head = true;
            body.reset();
            return pause;
        }

        @Override
        public boolean content(HttpParser parser, ByteBuffer content) {
            if (!head) {
                throw new AssertionError("content before the head; " + parser);
            }
            if (!content.isReadOnly() || !content.hasRemaining()) {
                throw new AssertionError("content must be a read-only view of at least one byte: " + content);
            }
            byte[] bytes = new byte[content.remaining()];
            content.get(bytes);
            body.writeBytes(bytes);
            return pause;
        }

        @Override
        public void messageComplete(HttpParser parser) {
            if (!head) {
                throw new AssertionError("messageComplete without a head; " + parser);
            }
        }

        /** Records the message the parser just completed; {@code end} is its end in the stream. */
        void complete(HttpParser parser, long end, HttpMethod answered) {
            if (!head || !parser.isMessageComplete()) {
                throw new AssertionError("MESSAGE_COMPLETE without a complete message; " + parser);
            }
            head = false;
            boolean requests = parser.parsesRequests();
            messages.add(new ParsedMessage(requests ? parser.method().name() : null, requests ? parser.target() : null,
                    requests ? 0 : parser.status(), parser.version().asString(), fields(parser.fields()), body.toString(StandardCharsets.ISO_8859_1), end,
                    fields(parser.trailers())));
            int hosts = 0;
            for (int i = 0; i < parser.fields().size(); i++) {
                hosts += parser.fields().name(i).equalsIgnoreCase("Host") ? 1 : 0;
            }
            framings.add(new Framing(parser.bodyFraming(), parser.contentLength(), parser.isPersistent(), requests ? null : answered, hosts));
        }

        private static List<ParsedMessage.Field> fields(HttpFields fields) {
            List<ParsedMessage.Field> list = new ArrayList<>(fields.size());
            for (int i = 0; i < fields.size(); i++) {
                list.add(new ParsedMessage.Field(fields.name(i), fields.value(i)));
            }
            return list;
        }
    }
}
