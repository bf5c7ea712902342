package io.workbench.fuzz.diff;

/**
 * One way iocore and a peer parted on one request stream.
 *
 * @param peer    the other parser (jetty, netty)
 * @param kind    how they parted
 * @param message the index in the stream of the request they parted on
 * @param reason  the refusing parser's own reason, or, for {@link Kind#DISAGREE}, the one part they disagree on
 * @param detail  the stream and both sides, for a report
 * @param on      what was compared: the stream and both outcomes, which a known difference reads to
 *                tell whether it applies; null for a discrepancy made by hand (no known difference
 *                that reads it applies then)
 */
public record Discrepancy(String peer, Kind kind, int message, String reason, String detail, Comparison on) {

    /** A discrepancy without the comparison behind it. */
    public Discrepancy(String peer, Kind kind, int message, String reason, String detail) {
        this(peer, kind, message, reason, detail, null);
    }

    /** How two parsers parted. */
    public enum Kind {
        /** Both accepted the request, but understood one part of it differently: its method, target, version, a field, its body, its trailers or its end. */
        DISAGREE,
        /** iocore refused a request the peer accepted (the reason is iocore's). */
        IOCORE_REFUSED,
        /** The peer refused a request iocore accepted (the reason is the peer's). */
        PEER_REFUSED,
        /** iocore found the request complete where the peer waited for more bytes, or the other way round. */
        ENDS_DIFFER,
        /** One ignored bytes (between or after requests) that the other refused or began a request with (the reason is the refusing one's, if any). */
        IGNORED_BYTES
    }

    @Override
    public String toString() {
        return peer + " " + kind + " at request #" + message + ": " + reason;
    }
}
