package io.workbench.iocore.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.iocore.http.Feed.BufferKind;
import io.workbench.iocore.http.Recorder.Message;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Seeded random round trips: random pipelines of messages are written by a generator, cut at
 * random places, fed to a parser in random kinds of buffer, and must come out as they went in.
 * A failure names its seed, which replays it exactly.
 */
class RoundTripTest {

    private static final int SEEDS = 600;
    private static final String TARGET_CHARS = "abcdefXYZ0123456789-._~!$&'()*+,;=:@%/";
    private static final String HOST_CHARS = "abcxyz0123456789-.";
    private static final HttpHeader[] SAFE_KNOWN = {HttpHeader.ACCEPT, HttpHeader.USER_AGENT, HttpHeader.CONTENT_TYPE, HttpHeader.COOKIE,
        HttpHeader.X_FORWARDED_FOR, HttpHeader.CACHE_CONTROL, HttpHeader.SERVER, HttpHeader.VARY, HttpHeader.ETAG};

    /** A wire stream, what the parser must make of it, and the methods a response parser must be told. */
    private record Pipeline(byte[] wire, List<Message> expected, List<HttpMethod> methods) {
    }

    @Test
    void requests() throws BadMessageException {
        for (int seed = 0; seed < SEEDS; seed++) {
            Random random = new Random(seed);
            Pipeline pipeline = requestPipeline(random);
            Recorder recorder = new Recorder();
            Feed.feed(HttpParser.forRequests(), recorder, pipeline.wire(), cuts(random, pipeline.wire().length), kind(random), null, true);
            assertEquals(pipeline.expected(), recorder.messages, "seed " + seed);
        }
    }

    @Test
    void responses() throws BadMessageException {
        for (int seed = 0; seed < SEEDS; seed++) {
            Random random = new Random(seed);
            Pipeline pipeline = responsePipeline(random);
            Recorder recorder = new Recorder();
            Feed.feed(HttpParser.forResponses(), recorder, pipeline.wire(), cuts(random, pipeline.wire().length), kind(random), pipeline.methods(), true);
            assertEquals(pipeline.expected(), recorder.messages, "seed " + seed);
        }
    }

    private static Pipeline requestPipeline(Random random) {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        List<Message> expected = new ArrayList<>();
        RequestGenerator generator = new RequestGenerator();
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            HttpMethod method = pick(random, HttpMethod.GET, HttpMethod.POST, HttpMethod.PUT, HttpMethod.DELETE, HttpMethod.PATCH);
            String target = target(random);
            String host = host(random);
            HttpFields fields = fields(random);
            boolean persistent = i < count - 1 || random.nextBoolean();
            String content = random.nextInt(3) == 0 ? "" : content(random);
            boolean chunked = random.nextBoolean();

            generator.writeHead(buffer, method, target, host, fields, chunked ? -1 : content.length(), persistent);
            HttpFields trailers = chunked ? trailers(random) : null;
            writeContent(random, generator, buffer, content, trailers, wire);
            generator.reset();

            List<String> lines = new ArrayList<>();
            lines.add("Host: " + host);
            lines.addAll(Recorder.lines(fields));
            BodyFraming framing = chunked ? BodyFraming.CHUNKED
                    : !content.isEmpty() || method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH
                    ? BodyFraming.CONTENT_LENGTH : BodyFraming.NONE;
            if (framing == BodyFraming.CHUNKED) {
                lines.add("Transfer-Encoding: chunked");
            } else if (framing == BodyFraming.CONTENT_LENGTH) {
                lines.add("Content-Length: " + content.length());
            }
            if (!persistent) {
                lines.add("Connection: close");
            }
            expected.add(new Message(method + " " + target + " HTTP/1.1", lines, content,
                    trailers == null ? List.of() : Recorder.lines(trailers), framing, persistent));
        }
        return new Pipeline(wire.toByteArray(), expected, null);
    }

    private static Pipeline responsePipeline(Random random) {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        List<Message> expected = new ArrayList<>();
        List<HttpMethod> methods = new ArrayList<>();
        ResponseGenerator generator = new ResponseGenerator(() -> ResponseGeneratorTest.RFC_DATE_MILLIS);
        String date = "Date: Sun, 06 Nov 1994 08:49:37 GMT";
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            boolean last = i == count - 1;
            HttpMethod method = pick(random, HttpMethod.GET, HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST, HttpMethod.DELETE);
            HttpVersion version = random.nextInt(4) == 0 ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1;
            if (random.nextInt(8) == 0) {
                // An interim response before the final one, to the same request.
                generator.writeHead(buffer, method, version, 100, null, -1, true);
                generator.writeEnd(buffer, null);
                drainInto(buffer, wire);
                generator.reset();
                methods.add(method);
                expected.add(new Message("HTTP/1.1 100", List.of(), "", List.of(), BodyFraming.NONE, true));
            }
            int status = pickStatus(random, 200, 200, 201, 204, 304, 404, 500, 299);
            boolean noContent = HttpStatus.hasNoContent(status);
            String content = noContent || random.nextInt(4) == 0 ? "" : content(random);
            // Unknown length for HTTP/1.0 is delimited by the close: only for the last response.
            boolean unknownLength = !noContent && random.nextBoolean() && (version == HttpVersion.HTTP_1_1 || last);
            boolean persistent = !last || random.nextBoolean();
            HttpFields fields = fields(random);

            generator.writeHead(buffer, method, version, status, fields, unknownLength ? -1 : content.length(), persistent);
            boolean chunked = generator.bodyFraming() == BodyFraming.CHUNKED;
            HttpFields trailers = chunked ? trailers(random) : null;
            writeContent(random, generator, buffer, content, trailers, wire);
            boolean stays = generator.isPersistent();
            generator.reset();
            methods.add(method);

            List<String> lines = new ArrayList<>();
            lines.add(date);
            lines.addAll(Recorder.lines(fields));
            BodyFraming framing;
            if (noContent) {
                framing = BodyFraming.NONE;
            } else if (!unknownLength) {
                lines.add("Content-Length: " + content.length());
                framing = method == HttpMethod.HEAD ? BodyFraming.NONE : BodyFraming.CONTENT_LENGTH;
            } else if (method == HttpMethod.HEAD) {
                framing = BodyFraming.NONE;
            } else if (version == HttpVersion.HTTP_1_1) {
                lines.add("Transfer-Encoding: chunked");
                framing = BodyFraming.CHUNKED;
            } else {
                framing = BodyFraming.UNTIL_CLOSE;
            }
            if (!stays) {
                lines.add("Connection: close");
            } else if (version == HttpVersion.HTTP_1_0) {
                lines.add("Connection: keep-alive");
            }
            String body = method == HttpMethod.HEAD ? "" : content;
            expected.add(new Message("HTTP/1.1 " + status, lines, body, trailers == null ? List.of() : Recorder.lines(trailers), framing, stays));
            if (!stays) {
                break;
            }
        }
        return new Pipeline(wire.toByteArray(), expected, methods);
    }

    /** Writes content in random pieces with their framing, then the end, into {@code wire}. */
    private static void writeContent(Random random, MessageGenerator generator, ByteBuffer buffer, String content, HttpFields trailers,
                                     ByteArrayOutputStream wire) {
        drainInto(buffer, wire);
        byte[] bytes = content.getBytes(StandardCharsets.ISO_8859_1);
        int from = 0;
        while (from < bytes.length) {
            int length = random.nextInt(bytes.length - from + 1);
            if (generator.writeContentPrefix(buffer, length)) {
                drainInto(buffer, wire);
                wire.write(bytes, from, length);
            }
            from += length;
        }
        generator.writeEnd(buffer, trailers);
        drainInto(buffer, wire);
    }

    private static void drainInto(ByteBuffer buffer, ByteArrayOutputStream wire) {
        wire.write(buffer.array(), 0, buffer.position());
        buffer.clear();
    }

    private static int[] cuts(Random random, int length) {
        if (random.nextInt(10) == 0) {
            return Feed.everyByte(length);
        }
        TreeSet<Integer> cuts = new TreeSet<>();
        int count = random.nextInt(Math.min(length, 30));
        for (int i = 0; i < count; i++) {
            cuts.add(1 + random.nextInt(length - 1));
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static BufferKind kind(Random random) {
        return BufferKind.values()[random.nextInt(BufferKind.values().length)];
    }

    private static String target(Random random) {
        String path = "/" + text(random, TARGET_CHARS, 0, 30);
        return random.nextBoolean() ? path : path + "?" + text(random, TARGET_CHARS + "?", 0, 30);
    }

    private static HttpFields fields(Random random) {
        HttpFields fields = new HttpFields();
        int count = random.nextInt(7);
        for (int i = 0; i < count; i++) {
            if (random.nextBoolean()) {
                fields.add(pick(random, SAFE_KNOWN), value(random));
            } else {
                fields.add("X-" + text(random, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~", 1, 12), value(random));
            }
        }
        return fields;
    }

    private static HttpFields trailers(Random random) {
        HttpFields trailers = new HttpFields();
        int count = random.nextInt(3);
        for (int i = 0; i < count; i++) {
            trailers.add("X-Trailer-" + i, value(random));
        }
        return trailers;
    }

    /** A field value: visible ISO-8859-1 characters with inner spaces and tabs. */
    private static String value(Random random) {
        int length = random.nextInt(40);
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < length; i++) {
            boolean edge = i == 0 || i == length - 1;
            int kind = random.nextInt(10);
            if (kind == 0 && !edge) {
                value.append(random.nextBoolean() ? ' ' : '\t');
            } else if (kind == 1) {
                value.append((char) (0x80 + random.nextInt(0x80)));
            } else {
                value.append((char) (0x21 + random.nextInt(0x7E - 0x21 + 1)));
            }
        }
        return value.toString();
    }

    /** Content: any bytes at all, as ISO-8859-1 characters. */
    private static String content(Random random) {
        int length = 1 + random.nextInt(random.nextInt(10) == 0 ? 20_000 : 300);
        char[] content = new char[length];
        for (int i = 0; i < length; i++) {
            content[i] = (char) random.nextInt(256);
        }
        return new String(content);
    }

    /** A Host value the grammar allows: empty, or a name or an IP literal, with or without a port (maybe empty). */
    private static String host(Random random) {
        String name = random.nextInt(4) == 0 ? "[" + text(random, "0123456789abcdef:", 1, 12) + "]" : text(random, HOST_CHARS, 0, 20);
        return random.nextBoolean() || name.isEmpty() ? name : name + ":" + text(random, "0123456789", 0, 5);
    }

    private static String text(Random random, String alphabet, int min, int max) {
        int length = min + random.nextInt(max - min + 1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    @SafeVarargs
    private static <T> T pick(Random random, T... choices) {
        return choices[random.nextInt(choices.length)];
    }

    private static int pickStatus(Random random, int... choices) {
        return choices[random.nextInt(choices.length)];
    }
}
