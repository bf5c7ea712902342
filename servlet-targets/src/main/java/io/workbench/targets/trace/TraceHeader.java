package io.workbench.targets.trace;

/**
 * The field a load generator sends with each request it traces, {@value #NAME}, whose value is the
 * request's id in its run: decimal digits (the generator's are zero-padded to a fixed width), a
 * non-negative long. Every target ignores the field unless it was started with tracing on.
 */
public final class TraceHeader {

    /** The field's name, as the generator sends it (servers look it up case-insensitively). */
    public static final String NAME = "X-Workbench-Trace";
    /** A value that is not an id. */
    public static final long NONE = -1;
    /** The most digits a value may have: a long's 19. */
    private static final int MAX_DIGITS = 19;

    private TraceHeader() {
    }

    /**
     * @param value the field's value as the server gives it, or null if the request has none
     * @return the id it carries, or {@link #NONE} if there is none, or it is not 1 to 19 decimal
     *         digits that fit a long (such a request is not traced); allocates nothing
     */
    public static long id(CharSequence value) {
        if (value == null) {
            return NONE;
        }
        int length = value.length();
        if (length == 0 || length > MAX_DIGITS) {
            return NONE;
        }
        long id = 0;
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return NONE;
            }
            id = id * 10 + (c - '0');
            if (id < 0) {
                // Past Long.MAX_VALUE: 19 digits hold more than a long does.
                return NONE;
            }
        }
        return id;
    }
}
