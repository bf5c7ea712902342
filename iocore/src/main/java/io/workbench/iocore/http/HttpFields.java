package io.workbench.iocore.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An ordered list of header (or trailer) fields, stored as bytes and decoded only when asked.
 *
 * <p>The parser appends every received field here: names and values go back to back into one
 * byte array, three ints per field mark where they are, and a recognised name is kept as its
 * {@link HttpHeader}. Nothing is decoded to a String until {@link #name(int)} or
 * {@link #value(int)} asks, and known names are found by reference, so a request whose fields
 * nobody reads costs a few bulk copies and no allocation once the arrays have grown to fit.
 * {@link #clear()} keeps the arrays for the next message (and drops them when one message made
 * them unusually large, so that an idle connection does not hold the biggest head it ever saw).
 *
 * <p>The same class holds the fields a handler adds to a response, which a generator writes out
 * as they are. Values are ISO-8859-1, as on the wire. Not thread-safe.
 */
public final class HttpFields {

    private static final byte[] NO_BYTES = {};
    private static final int[] NO_BOUNDS = {};
    private static final HttpHeader[] NO_HEADERS = {};
    private static final int INITIAL_BYTES = 64;
    private static final int INITIAL_FIELDS = 4;
    /** Arrays larger than this are dropped by {@link #clear()} rather than kept for the next message. */
    private static final int RETAINED_BYTES = 4096;
    private static final int RETAINED_FIELDS = 64;

    private byte[] bytes = NO_BYTES;
    private int used;
    /** Per field: where the name starts, where the value starts (= where the name ends), where the value ends. */
    private int[] bounds = NO_BOUNDS;
    private HttpHeader[] headers = NO_HEADERS;
    private int size;

    /** @return how many fields there are */
    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** @return the known header of field {@code index}, or null if its name is not a known one */
    public HttpHeader header(int index) {
        checkIndex(index);
        return headers[index];
    }

    /** @return the name of field {@code index}: the canonical spelling for a known header, else as received */
    public String name(int index) {
        checkIndex(index);
        HttpHeader header = headers[index];
        if (header != null) {
            return header.asString();
        }
        return decode(nameStart(index), valueStart(index));
    }

    /** @return the value of field {@code index}, without leading or trailing whitespace */
    public String value(int index) {
        checkIndex(index);
        return decode(valueStart(index), valueEnd(index));
    }

    /** @return the index of the first field named {@code header}, or -1 */
    public int indexOf(HttpHeader header) {
        for (int i = 0; i < size; i++) {
            if (headers[i] == header) {
                return i;
            }
        }
        return -1;
    }

    /** @return the index of the first field named {@code name} (ignoring case), or -1 */
    public int indexOf(String name) {
        HttpHeader header = HttpHeader.lookup(name);
        if (header != null) {
            return indexOf(header);
        }
        for (int i = 0; i < size; i++) {
            if (headers[i] == null && nameEqualsIgnoreCase(i, name)) {
                return i;
            }
        }
        return -1;
    }

    /** @return the value of the first field named {@code header}, or null */
    public String get(HttpHeader header) {
        int index = indexOf(header);
        return index < 0 ? null : value(index);
    }

    /** @return the value of the first field named {@code name} (ignoring case), or null */
    public String get(String name) {
        int index = indexOf(name);
        return index < 0 ? null : value(index);
    }

    public boolean contains(HttpHeader header) {
        return indexOf(header) >= 0;
    }

    /**
     * Whether any field named {@code header} lists {@code token} among its comma-separated
     * elements, ignoring case and whitespace: {@code containsToken(CONNECTION, "close")} is true
     * for {@code Connection: Keep-Alive, CLOSE}. Allocates nothing.
     */
    public boolean containsToken(HttpHeader header, String token) {
        for (int i = 0; i < size; i++) {
            if (headers[i] == header && listContains(i, token)) {
                return true;
            }
        }
        return false;
    }

    /** Appends a field with a known name; see {@link HttpField#of(HttpHeader, String)} for what a value may hold. */
    public HttpFields add(HttpHeader header, String value) {
        int length = HttpField.checkValue(value);
        byte[] prefix = header.linePrefix();
        startField();
        append(prefix, 0, prefix.length - 2);
        endName(header);
        ensureBytes(length);
        for (int i = 0; i < length; i++) {
            bytes[used++] = (byte) value.charAt(i);
        }
        endField();
        return this;
    }

    /** Appends a field; a known name is recognised, ignoring case. */
    public HttpFields add(String name, String value) {
        return add(HttpField.of(name, value));
    }

    /** Appends a pre-encoded field: two bulk copies. */
    public HttpFields add(HttpField field) {
        startField();
        append(field.nameBytes(), 0, field.nameBytes().length);
        endName(field.header());
        append(field.valueBytes(), 0, field.valueBytes().length);
        endField();
        return this;
    }

    /** Removes every field, keeping the storage for the next message unless it grew unusually large. */
    public void clear() {
        if (headers.length > RETAINED_FIELDS) {
            headers = NO_HEADERS;
            bounds = NO_BOUNDS;
        } else {
            Arrays.fill(headers, 0, size, null);
        }
        if (bytes.length > RETAINED_BYTES) {
            bytes = NO_BYTES;
        }
        size = 0;
        used = 0;
    }

    // --- building, for the parser --------------------------------------------------------------

    /** Starts a field whose name bytes follow. */
    void startField() {
        if (size == headers.length) {
            int capacity = Math.max(INITIAL_FIELDS, size * 2);
            headers = Arrays.copyOf(headers, capacity);
            bounds = Arrays.copyOf(bounds, capacity * 3);
        }
        bounds[size * 3] = used;
    }

    void append(ByteBuffer source, int index, int length) {
        ensureBytes(length);
        source.get(index, bytes, used, length);
        used += length;
    }

    void append(byte[] source, int offset, int length) {
        ensureBytes(length);
        System.arraycopy(source, offset, bytes, used, length);
        used += length;
    }

    /** Ends the name of the field being built and looks it up; the value bytes follow. */
    void endName() {
        int start = bounds[size * 3];
        endName(HttpHeader.lookup(bytes, start, used - start));
    }

    private void endName(HttpHeader header) {
        headers[size] = header;
        bounds[size * 3 + 1] = used;
    }

    /** Ends the field being built, trimming whitespace from the end of its value. */
    void endField() {
        int valueStart = bounds[size * 3 + 1];
        int end = used;
        while (end > valueStart && HttpTokens.is(bytes[end - 1], HttpTokens.WS)) {
            end--;
        }
        used = end;
        bounds[size * 3 + 2] = end;
        size++;
    }

    private void ensureBytes(int more) {
        if (used + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(Math.max(INITIAL_BYTES, bytes.length * 2), used + more));
        }
    }

    // --- reading, for the parser and the generators --------------------------------------------

    byte[] bytes() {
        return bytes;
    }

    int nameStart(int index) {
        return bounds[index * 3];
    }

    int valueStart(int index) {
        return bounds[index * 3 + 1];
    }

    int valueEnd(int index) {
        return bounds[index * 3 + 2];
    }

    /** Writes every field as {@code Name: value\r\n}, known names in their canonical spelling. */
    void writeTo(ByteBuffer out) {
        for (int i = 0; i < size; i++) {
            HttpHeader header = headers[i];
            if (header != null) {
                out.put(header.linePrefix());
            } else {
                out.put(bytes, nameStart(i), valueStart(i) - nameStart(i)).put((byte) ':').put(HttpTokens.SP);
            }
            out.put(bytes, valueStart(i), valueEnd(i) - valueStart(i)).put(HttpTokens.CR).put(HttpTokens.LF);
        }
    }

    // --- comma-separated lists (RFC 9110 section 5.6.1) -----------------------------------------

    /** @return the index of the first comma in {@code bytes[from, end)}, or {@code end} */
    static int elementEnd(byte[] bytes, int from, int end) {
        int i = from;
        while (i < end && bytes[i] != ',') {
            i++;
        }
        return i;
    }

    /** @return {@code from} moved past spaces and tabs, at most to {@code end} */
    static int skipWhitespace(byte[] bytes, int from, int end) {
        int i = from;
        while (i < end && HttpTokens.is(bytes[i], HttpTokens.WS)) {
            i++;
        }
        return i;
    }

    /** @return {@code end} moved back over spaces and tabs, at least to {@code start} */
    static int trimWhitespace(byte[] bytes, int start, int end) {
        int i = end;
        while (i > start && HttpTokens.is(bytes[i - 1], HttpTokens.WS)) {
            i--;
        }
        return i;
    }

    /** @return whether {@code bytes[from, to)} equals the ASCII {@code text}, ignoring case */
    static boolean equalsIgnoreCase(byte[] bytes, int from, int to, String text) {
        if (to - from != text.length()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (Character.toLowerCase((char) (bytes[from + i] & 0xFF)) != Character.toLowerCase(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean listContains(int index, String token) {
        int end = valueEnd(index);
        int from = valueStart(index);
        while (true) {
            int comma = elementEnd(bytes, from, end);
            int start = skipWhitespace(bytes, from, comma);
            if (equalsIgnoreCase(bytes, start, trimWhitespace(bytes, start, comma), token)) {
                return true;
            }
            if (comma == end) {
                return false;
            }
            from = comma + 1;
        }
    }

    private boolean nameEqualsIgnoreCase(int index, String name) {
        return equalsIgnoreCase(bytes, nameStart(index), valueStart(index), name);
    }

    private String decode(int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("field " + index + " of " + size);
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("HttpFields{");
        for (int i = 0; i < size; i++) {
            text.append(i == 0 ? "" : ", ").append(name(i)).append(": ").append(value(i));
        }
        return text.append('}').toString();
    }
}
