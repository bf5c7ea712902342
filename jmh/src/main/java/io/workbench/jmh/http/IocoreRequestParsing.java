package io.workbench.jmh.http;

import io.workbench.iocore.http.BadMessageException;
import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.HttpParser;
import java.nio.ByteBuffer;

/**
 * iocore's parser as iocore's server drives it: parse until a message completes, read the head
 * from the parser, reset for the next. Fields stay bytes until read, so the Host value is the
 * only field decoded.
 */
final class IocoreRequestParsing implements RequestParsing, HttpParser.Handler {

    private final HttpParser parser = HttpParser.forRequests();
    private long digest;

    @Override
    public long parseAll(ByteBuffer requests) {
        digest = 0;
        while (requests.hasRemaining()) {
            HttpParser.Progress progress;
            try {
                progress = parser.parse(requests, this);
            } catch (BadMessageException e) {
                throw new IllegalStateException("iocore refused a sample request", e);
            }
            if (progress == HttpParser.Progress.MESSAGE_COMPLETE) {
                parser.reset();
            } else if (progress == HttpParser.Progress.NEED_INPUT) {
                throw new IllegalStateException("a sample request is incomplete: " + parser);
            }
        }
        return digest;
    }

    @Override
    public boolean headComplete(HttpParser parser) {
        String host = parser.fields().get(HttpHeader.HOST);
        digest += parser.method().name().length() + parser.target().length() + host.length() + parser.fields().size();
        return false;
    }

    @Override
    public boolean content(HttpParser parser, ByteBuffer content) {
        throw new IllegalStateException("the sample requests have no content");
    }

    @Override
    public void messageComplete(HttpParser parser) {
    }
}
