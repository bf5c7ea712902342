package io.workbench.jmh.http;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.http.HttpVersion;

/**
 * Jetty 12.1's parser with the default compliance (RFC 9110) and header limit, and a handler that
 * does what Jetty's server connection does with the events: keep the method and URI it is given,
 * collect the fields into an {@code HttpFields.Mutable} (cleared and reused here, which spares
 * Jetty the builder its server allocates per request), and stop at the end of each message.
 */
final class JettyRequestParsing implements RequestParsing, HttpParser.RequestHandler {

    private final HttpParser parser = new HttpParser(this);
    private final HttpFields.Mutable fields = HttpFields.build();
    private String method;
    private String uri;
    private long digest;

    @Override
    public long parseAll(ByteBuffer requests) {
        digest = 0;
        while (requests.hasRemaining()) {
            parser.parseNext(requests);
            if (parser.isComplete()) {
                parser.reset();
                fields.clear();
            } else if (requests.hasRemaining()) {
                throw new IllegalStateException("the parser stopped inside a sample request: " + parser);
            }
        }
        if (!parser.isStart()) {
            throw new IllegalStateException("a sample request is incomplete: " + parser);
        }
        return digest;
    }

    @Override
    public void startRequest(String method, String uri, HttpVersion version) {
        this.method = method;
        this.uri = uri;
    }

    @Override
    public void parsedHeader(HttpField field) {
        fields.add(field);
    }

    @Override
    public boolean headerComplete() {
        String host = fields.get(HttpHeader.HOST);
        digest += method.length() + uri.length() + host.length() + fields.size();
        return false;
    }

    @Override
    public boolean content(ByteBuffer item) {
        throw new IllegalStateException("the sample requests have no content");
    }

    @Override
    public boolean contentComplete() {
        return false;
    }

    @Override
    public boolean messageComplete() {
        // Stop here, as Jetty's connection does, so that the caller resets before the next request.
        return true;
    }

    @Override
    public void earlyEOF() {
        throw new IllegalStateException("early EOF in a sample request");
    }

    @Override
    public void badMessage(HttpException failure) {
        throw new IllegalStateException("Jetty refused a sample request: " + failure);
    }
}
