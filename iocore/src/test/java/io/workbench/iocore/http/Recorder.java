package io.workbench.iocore.http;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A parser handler that records every event and every complete message, to compare against what was expected. */
final class Recorder implements HttpParser.Handler {

    /** A parsed message, reduced to what a test compares. */
    record Message(String startLine, List<String> fields, String body, List<String> trailers, BodyFraming framing, boolean persistent) {

        Message withBody(String content) {
            return new Message(startLine, fields, content, trailers, framing, persistent);
        }
    }

    final List<Message> messages = new ArrayList<>();
    final List<String> events = new ArrayList<>();
    boolean pauseOnHead;
    boolean pauseOnContent;

    private String startLine;
    private List<String> fields;
    private ByteArrayOutputStream body;

    @Override
    public boolean headComplete(HttpParser parser) {
        events.add("head");
        startLine = parser.parsesRequests()
                ? parser.method() + " " + parser.target() + " " + parser.version()
                : parser.version() + " " + parser.status();
        fields = lines(parser.fields());
        body = new ByteArrayOutputStream();
        return pauseOnHead;
    }

    @Override
    public boolean content(HttpParser parser, ByteBuffer content) {
        events.add("content");
        assertTrue(content.isReadOnly(), "content must be a read-only view");
        assertTrue(content.hasRemaining(), "content events carry at least one byte");
        byte[] bytes = new byte[content.remaining()];
        content.get(bytes);
        body.writeBytes(bytes);
        return pauseOnContent;
    }

    @Override
    public void messageComplete(HttpParser parser) {
        events.add("complete");
        messages.add(new Message(startLine, fields, body.toString(StandardCharsets.ISO_8859_1), lines(parser.trailers()),
                parser.bodyFraming(), parser.isPersistent()));
    }

    static List<String> lines(HttpFields fields) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            lines.add(fields.name(i) + ": " + fields.value(i));
        }
        return lines;
    }
}
