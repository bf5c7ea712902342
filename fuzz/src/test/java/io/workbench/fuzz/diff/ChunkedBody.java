package io.workbench.fuzz.diff;

import io.workbench.fuzz.ParsedMessage;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A chunked body read straight from RFC 9112 section 7.1, the harness's own reference, with none
 * of a parser's limits or shortcuts: a chunk size is whatever number its hex digits say (a
 * {@link BigInteger}, so that a size no parser can hold is still that size), every line must end
 * in CRLF, and the chunk extensions are kept as they are, to be judged by their grammar
 * ({@link ChunkLine#extensionIsValid()}). Known differences about chunked bodies read it to tell
 * which request they are about and whether iocore read the body as the RFC says.
 *
 * @param lines    the chunk lines read, the last chunk's included
 * @param body     the chunk data read, one char per byte
 * @param trailers the trailer section's field lines, without their CRLF
 * @param stop     why the reading stopped
 * @param end      where it stopped: just after the body's final CRLF when {@link Stop#COMPLETE}, else the offset of the byte that stopped it (or the end of the stream)
 */
public record ChunkedBody(List<ChunkLine> lines, String body, List<String> trailers, Stop stop, int end) {

    /** Why the reading stopped. */
    public enum Stop {
        /** The last chunk, the trailer section and its empty line: the whole body. */
        COMPLETE,
        /** The stream ended inside a chunk line (the last chunk's included). */
        ENDED_IN_CHUNK_LINE,
        /** The stream ended inside a chunk's data or the CRLF after it. */
        ENDED_IN_DATA,
        /** The stream ended inside the trailer section (after the last chunk). */
        ENDED_IN_TRAILERS,
        /** A line (a chunk line or a trailer line) ends in a bare LF, or holds a bare CR. */
        BAD_LINE_END,
        /** A chunk line without a hex digit at its start. */
        NO_SIZE,
        /** A chunk's data not followed by CRLF. */
        BAD_DATA_END
    }

    /**
     * One chunk line.
     *
     * @param offset    where it starts in the stream
     * @param digits    its chunk-size, as written (leading zeros included)
     * @param size      the size those digits say
     * @param extension what follows the digits up to the line's CRLF
     */
    public record ChunkLine(int offset, String digits, BigInteger size, String extension) {

        /** @return whether the extension is {@code *( BWS ";" BWS name [ BWS "=" BWS ( token / quoted-string ) ] )} (RFC 9112 section 7.1.1) */
        public boolean extensionIsValid() {
            return Grammar.isChunkExtension(extension);
        }

        /** @return whether the extension is in the grammar and has whitespace between a token value and the next {@code ;} */
        public boolean extensionHasWhitespaceAfterATokenValue() {
            return extensionIsValid() && Grammar.hasWhitespaceAfterATokenValue(extension);
        }

        /** @return whether the extension holds a byte above 0x7F */
        public boolean extensionHasHighByte() {
            return extension.chars().anyMatch(c -> c > 0x7F);
        }
    }

    /** Reads the chunked body that starts at {@code from} in {@code stream}. */
    public static ChunkedBody read(byte[] stream, int from) {
        List<ChunkLine> lines = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        List<String> trailers = new ArrayList<>();
        int at = from;
        while (true) {
            int lf = indexOf(stream, (byte) '\n', at);
            if (lf < 0) {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.ENDED_IN_CHUNK_LINE, stream.length);
            }
            String line = lineBefore(stream, at, lf);
            if (line == null) {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.BAD_LINE_END, lf);
            }
            int digits = 0;
            while (digits < line.length() && Character.digit(line.charAt(digits), 16) >= 0) {
                digits++;
            }
            if (digits == 0) {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.NO_SIZE, at);
            }
            BigInteger size = new BigInteger(line.substring(0, digits), 16);
            lines.add(new ChunkLine(at, line.substring(0, digits), size, line.substring(digits)));
            at = lf + 1;
            if (size.signum() == 0) {
                break;
            }
            if (size.compareTo(BigInteger.valueOf(stream.length - at)) > 0) {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.ENDED_IN_DATA, stream.length);
            }
            int n = size.intValueExact();
            body.append(new String(stream, at, n, StandardCharsets.ISO_8859_1));
            at += n;
            if (at + 2 > stream.length) {
                boolean crlfSoFar = at == stream.length || stream[at] == '\r';
                return new ChunkedBody(lines, body.toString(), trailers, crlfSoFar ? Stop.ENDED_IN_DATA : Stop.BAD_DATA_END,
                        crlfSoFar ? stream.length : at);
            }
            if (stream[at] != '\r' || stream[at + 1] != '\n') {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.BAD_DATA_END, at);
            }
            at += 2;
        }
        // The trailer section, then the empty line that ends the body.
        while (true) {
            int lf = indexOf(stream, (byte) '\n', at);
            if (lf < 0) {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.ENDED_IN_TRAILERS, stream.length);
            }
            String line = lineBefore(stream, at, lf);
            if (line == null) {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.BAD_LINE_END, lf);
            }
            at = lf + 1;
            if (line.isEmpty()) {
                return new ChunkedBody(lines, body.toString(), trailers, Stop.COMPLETE, at);
            }
            trailers.add(line);
        }
    }

    /**
     * @return whether iocore's request {@code message}, which ends at its {@link ParsedMessage#end()},
     *         is this body read whole: the same content, ending at the same byte
     */
    public boolean isWhatIocoreRead(ParsedMessage message) {
        return stop == Stop.COMPLETE && message != null && body.equals(message.body()) && end == message.end();
    }

    /** @return whether one of the chunk lines satisfies {@code test} */
    public boolean anyLine(java.util.function.Predicate<ChunkLine> test) {
        return lines.stream().anyMatch(test);
    }

    /** @return the line {@code [from, lf)} without its CR, or null if it does not end in CRLF or holds another CR */
    private static String lineBefore(byte[] stream, int from, int lf) {
        if (lf == from || stream[lf - 1] != '\r') {
            return null;
        }
        for (int i = from; i < lf - 1; i++) {
            if (stream[i] == '\r') {
                return null;
            }
        }
        return new String(stream, from, lf - 1 - from, StandardCharsets.ISO_8859_1);
    }

    private static int indexOf(byte[] stream, byte b, int from) {
        for (int i = from; i < stream.length; i++) {
            if (stream[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
