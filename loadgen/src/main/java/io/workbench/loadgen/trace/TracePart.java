package io.workbench.loadgen.trace;

/**
 * The seven parts of a traced request's latency, each between two consecutive stamps of the eight
 * on its way, so that they add up to intended->end request by request:
 * <pre>
 *   intended --lateness--> tried --connection wait--> sent --trip to the server--> first read
 *     --server queue--> entered --handler--> answered --response made--> writing --write and trip back--> end
 * </pre>
 * The first three and the last stamp are the generator's, the four between are the target's. Each
 * stamp is read before the next thing can happen: the generator reads "sent" right before its
 * write, the target "writing" right before the call that writes the response's last bytes, so on
 * one clock no part is below zero. Only the two trips cross from one process to the other: a clock
 * the two do not share shows there.
 *
 * <p>The server's word that its write completed ("handed", a callback or a blocking write's return)
 * is not on the way: a client on another core may read the bytes before the server's thread reads
 * the clock again. It is kept beside the parts as {@link #HANDED}: {@code handed - writing} is the
 * server's own account of its write.
 */
public enum TracePart {

    /** The generator's own: from the intended time to the moment its loop tried to send the request. */
    LATENESS("lateness", "intended -> tried"),
    /** Waiting for a connection (the target's busy connections, its accept queue, the cap), and the write. */
    CONNECTION_WAIT("connectionWait", "tried -> sent"),
    /** From the generator's write of the last byte to the target's first read of the request. */
    TRIP_TO_SERVER("tripToServer", "sent -> first read"),
    /** From that read to the handler: parsing, and the server's hand-off to the thread it handles requests on. */
    SERVER_QUEUE("serverQueue", "first read -> handler entered"),
    /** The handler and what it waits for: the strategy's hand-offs, the wait, until the answer starts. */
    HANDLER("handler", "handler entered -> answer started"),
    /** Our code making the response (status, headers, body) until it issues the write of its last bytes. */
    RESPONSE_MADE("responseMade", "answer started -> last write issued"),
    /** The server's write path, the kernel's and the trip, to the generator's read that completed the response. */
    WRITE_AND_TRIP_BACK("writeAndTripBack", "last write issued -> generator's end");

    /** The stamps on the way, in order: the parts lie between consecutive ones. */
    public static final int STAMPS = 8;
    /** Where a request's stamps hold the server's word that its write completed, after the {@link #STAMPS}. */
    public static final int HANDED = STAMPS;
    /** Where they hold the last write issued. */
    static final int WRITING = 6;

    private final String key;
    private final String span;

    TracePart(String key, String span) {
        this.key = key;
        this.span = span;
    }

    /** @return its name in summary.json */
    public String key() {
        return key;
    }

    /** @return its column in trace.csv, in microseconds */
    public String column() {
        return key.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT) + "_us";
    }

    /** @return the two stamps it lies between, in words */
    public String span() {
        return span;
    }

    /** @return true for the two parts that cross from one process to the other */
    public boolean crossesProcesses() {
        return this == TRIP_TO_SERVER || this == WRITE_AND_TRIP_BACK;
    }

    /** @return the server's own account of its write, in nanoseconds: from the last write issued to its word that it completed */
    public static long serverWriteAsItSaw(long[] stamps) {
        return stamps[HANDED] - stamps[WRITING];
    }

    /** @return its length in nanoseconds, from a request's {@link #STAMPS} stamps */
    public long of(long[] stamps) {
        return stamps[ordinal() + 1] - stamps[ordinal()];
    }
}
