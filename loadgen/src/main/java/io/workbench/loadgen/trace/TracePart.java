package io.workbench.loadgen.trace;

/**
 * The seven parts of a traced request's latency, each between two consecutive stamps of the eight
 * both sides take, so that they add up to intended->end request by request:
 * <pre>
 *   intended --lateness--> tried --connection wait--> sent --trip to the server--> first read
 *     --server queue--> entered --handler--> answered --server write--> handed --trip back--> end
 * </pre>
 * The first two and the last stamp are the generator's, the four between are the target's. Only
 * the two trips cross from one process to the other: a clock the two do not share shows there.
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
    /** The server making and writing the response, until its last byte is handed to the socket. */
    SERVER_WRITE("serverWrite", "answer started -> last byte handed to the socket"),
    /** From that hand-over to the generator's read that completed the response. */
    TRIP_BACK("tripBack", "handed -> generator's end");

    /** The stamps, in order: the parts lie between consecutive ones. */
    public static final int STAMPS = 8;

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
        return this == TRIP_TO_SERVER || this == TRIP_BACK;
    }

    /** @return its length in nanoseconds, from a request's {@link #STAMPS} stamps */
    public long of(long[] stamps) {
        return stamps[ordinal() + 1] - stamps[ordinal()];
    }
}
