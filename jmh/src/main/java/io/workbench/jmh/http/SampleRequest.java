package io.workbench.jmh.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The request heads the parser benchmark feeds both parsers: what a load tool sends, and what a
 * browser sends. Each can be rendered as {@link #TARGETS} distinct requests (a query that
 * differs per request), so that a parser that remembers the last target it decoded, as
 * iocore's does for a keep-alive client repeating itself, can be measured with and without that
 * help.
 */
public enum SampleRequest {

    /** wrk's request: the request line and Host, nothing else (47 bytes). */
    WRK_HELLO("/hello", "Host: 127.0.0.1:8080\r\n"),

    /** A browser fetching a stylesheet: 12 fields, about 700 bytes. */
    BROWSER("/static/css/site.css", """
            Host: www.example.com\r
            User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\r
            Accept: text/css,*/*;q=0.1\r
            Accept-Language: en-GB,en;q=0.8,fr;q=0.5\r
            Accept-Encoding: gzip, deflate, br, zstd\r
            Connection: keep-alive\r
            Referer: https://www.example.com/articles/2026/11/async-io-on-the-jvm\r
            Cookie: session=7f3c9a1e5b2d4c6a8e0f1a2b3c4d5e6f; theme=dark; consent=analytics%3Dno\r
            Sec-Fetch-Dest: style\r
            Sec-Fetch-Mode: no-cors\r
            Sec-Fetch-Site: same-origin\r
            Cache-Control: max-age=0\r
            """);

    /** How many requests a keep-alive run cycles through, and a pipelined buffer holds. */
    public static final int TARGETS = 16;

    private final String path;
    private final String fields;

    SampleRequest(String path, String fields) {
        this.path = path;
        this.fields = fields;
    }

    /**
     * @param index    which of the {@link #TARGETS} requests
     * @param distinct whether requests differ by a query ({@code ?n=index}) or are all the same
     * @return the request head, as bytes on the wire
     */
    public byte[] bytes(int index, boolean distinct) {
        String target = distinct ? path + "?n=" + index : path;
        return ("GET " + target + " HTTP/1.1\r\n" + fields + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    /** @return the {@link #TARGETS} requests, each in a heap buffer of its own */
    public ByteBuffer[] keepAliveBuffers(boolean distinct) {
        ByteBuffer[] buffers = new ByteBuffer[TARGETS];
        for (int i = 0; i < TARGETS; i++) {
            buffers[i] = ByteBuffer.wrap(bytes(i, distinct));
        }
        return buffers;
    }

    /** @return the {@link #TARGETS} requests back to back in one heap buffer, as a pipelining client sends them */
    public ByteBuffer pipelinedBuffer(boolean distinct) {
        ByteBuffer[] each = keepAliveBuffers(distinct);
        int length = 0;
        for (ByteBuffer buffer : each) {
            length += buffer.remaining();
        }
        ByteBuffer all = ByteBuffer.allocate(length);
        for (ByteBuffer buffer : each) {
            all.put(buffer);
        }
        return all.flip();
    }
}
