package io.workbench.fuzz;

import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.http.HttpMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * One fuzzer input, read as a byte stream and the way it arrives. The first two bytes say how; the
 * rest is the stream, so that a corpus file is two bytes and then plain HTTP/1.1 text.
 *
 * <pre>
 * byte 0, bits 0-1  the kind of buffer the pieces come in ({@link BufferKind})
 *         bit  2    small limits ({@link #SMALL_LIMITS}) instead of the defaults
 *         bits 3-4  how the stream is cut into reads: whole, every byte, up to 8 cuts drawn from byte 1, one cut at byte 1
 *         bit  5    the handler pauses after every event
 *         bit  6    the input ends after the stream (the peer closed), else it just stops
 *         bit  7    (responses) every other request was a HEAD
 * byte 1            the cut seed; (responses) bits 0-1 also make the first request a CONNECT (3) or a HEAD (2)
 * </pre>
 *
 * A shorter input is a stream on its own, whole, in a heap buffer, with the default limits.
 */
public record FuzzInput(byte[] stream, BufferKind kind, HttpLimits limits, int[] cuts, boolean pause, boolean endOfInput,
                        List<HttpMethod> requestMethods) {

    /** Small enough that a fuzzer reaches every limit with inputs of a few hundred bytes. */
    public static final HttpLimits SMALL_LIMITS = new HttpLimits(64, 256, 512, 16);

    public static FuzzInput decode(byte[] data) {
        if (data.length < 2) {
            return new FuzzInput(data, BufferKind.HEAP, HttpLimits.DEFAULT, new int[0], false, false, List.of());
        }
        int flags = data[0] & 0xFF;
        int seed = data[1] & 0xFF;
        byte[] stream = Arrays.copyOfRange(data, 2, data.length);
        BufferKind kind = BufferKind.values()[flags & 3];
        HttpLimits limits = (flags & 4) != 0 ? SMALL_LIMITS : HttpLimits.DEFAULT;
        int[] cuts = switch ((flags >> 3) & 3) {
            case 0 -> new int[0];
            case 1 -> everyByte(stream.length);
            case 2 -> randomCuts(stream.length, seed);
            default -> stream.length > 1 ? new int[]{1 + seed % (stream.length - 1)} : new int[0];
        };
        return new FuzzInput(stream, kind, limits, cuts, (flags & 0x20) != 0, (flags & 0x40) != 0, methods(flags, seed));
    }

    /** @return the two control bytes that make {@link #decode} read {@code stream} whole, in a heap buffer, with these options */
    public static byte[] encode(byte[] stream, boolean smallLimits, boolean endOfInput) {
        byte[] data = new byte[stream.length + 2];
        data[0] = (byte) ((smallLimits ? 4 : 0) | (endOfInput ? 0x40 : 0));
        System.arraycopy(stream, 0, data, 2, stream.length);
        return data;
    }

    private static int[] everyByte(int length) {
        int[] cuts = new int[Math.max(0, length - 1)];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = i + 1;
        }
        return cuts;
    }

    private static int[] randomCuts(int length, int seed) {
        if (length < 2) {
            return new int[0];
        }
        Random random = new Random(seed);
        TreeSet<Integer> cuts = new TreeSet<>();
        int count = 1 + random.nextInt(8);
        for (int i = 0; i < count; i++) {
            cuts.add(1 + random.nextInt(length - 1));
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The methods of the requests that the responses of the stream answer, in order (only the first 16 vary). */
    private static List<HttpMethod> methods(int flags, int seed) {
        List<HttpMethod> methods = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            HttpMethod method = (flags & 0x80) != 0 && i % 2 == 1 ? HttpMethod.HEAD : HttpMethod.GET;
            if (i == 0 && (seed & 3) == 3) {
                method = HttpMethod.CONNECT;
            } else if (i == 0 && (seed & 3) == 2) {
                method = HttpMethod.HEAD;
            }
            methods.add(method);
        }
        return List.copyOf(methods);
    }

    @Override
    public String toString() {
        return "FuzzInput[" + stream.length + " bytes, " + kind + ", " + (limits == SMALL_LIMITS ? "small limits" : "default limits")
                + ", cuts=" + Arrays.toString(cuts) + (pause ? ", pausing" : "") + (endOfInput ? ", then end of input" : "") + "]";
    }
}
