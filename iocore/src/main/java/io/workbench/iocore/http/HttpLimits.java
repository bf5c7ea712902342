package io.workbench.iocore.http;

/**
 * The most a parser accepts before it refuses a message; each bound has its own status so that a
 * client learns which one it hit.
 *
 * @param maxStartLineLength bytes of the request line (or status line), CRLF not counted; more is
 *                           {@code 414 URI Too Long}
 * @param maxHeaderBytes     bytes of the header section, every field line with its CRLF but not
 *                           the empty line that ends the section; more is
 *                           {@code 431 Request Header Fields Too Large}. The trailer section of a
 *                           chunked body has a budget of its own, of the same size.
 * @param maxContentLength   bytes of content (after removing chunked framing); more is
 *                           {@code 413 Content Too Large}, decided from Content-Length before any
 *                           content is read, or from the chunk size that would go past it.
 *                           {@link Long#MAX_VALUE} means no bound.
 * @param maxChunkLineLength bytes of a chunk-size line (size and extensions, CRLF not counted);
 *                           more is {@code 400 Bad Request}
 */
public record HttpLimits(int maxStartLineLength, int maxHeaderBytes, long maxContentLength, int maxChunkLineLength) {

    /** 8 KiB request line, 8 KiB header section, 16 MiB content, 1 KiB chunk-size lines. */
    public static final HttpLimits DEFAULT = new HttpLimits(8 * 1024, 8 * 1024, 16L * 1024 * 1024, 1024);

    public HttpLimits {
        requirePositive("maxStartLineLength", maxStartLineLength);
        requirePositive("maxHeaderBytes", maxHeaderBytes);
        requirePositive("maxChunkLineLength", maxChunkLineLength);
        if (maxContentLength < 0) {
            throw new IllegalArgumentException("maxContentLength must be >= 0, was " + maxContentLength);
        }
    }

    private static void requirePositive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0, was " + value);
        }
    }

    public HttpLimits withMaxStartLineLength(int bytes) {
        return new HttpLimits(bytes, maxHeaderBytes, maxContentLength, maxChunkLineLength);
    }

    public HttpLimits withMaxHeaderBytes(int bytes) {
        return new HttpLimits(maxStartLineLength, bytes, maxContentLength, maxChunkLineLength);
    }

    public HttpLimits withMaxContentLength(long bytes) {
        return new HttpLimits(maxStartLineLength, maxHeaderBytes, bytes, maxChunkLineLength);
    }

    public HttpLimits withMaxChunkLineLength(int bytes) {
        return new HttpLimits(maxStartLineLength, maxHeaderBytes, maxContentLength, bytes);
    }
}
