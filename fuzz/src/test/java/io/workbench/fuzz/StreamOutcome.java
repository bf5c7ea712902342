package io.workbench.fuzz;

import java.util.List;

/**
 * What one parser made of a whole stream: the messages it accepted, in order, and how the stream
 * ended for it.
 *
 * @param status the status a server would answer the refusal with (REFUSED only; 0 if the parser gives none)
 * @param reason the parser's own words for a refusal or a truncation
 */
public record StreamOutcome(List<ParsedMessage> messages, Ending ending, int status, String reason) {

    /** How the stream ended for the parser. */
    public enum Ending {
        /** Between messages: every byte belonged to an accepted message (or was an empty line before one). */
        CLEAN,
        /** Inside a message, and the input did not end: the parser waits for more. */
        PARTIAL,
        /** Inside a message, and the input ended (the peer closed): a truncated message. */
        TRUNCATED,
        /** The parser refused the message after the accepted ones. */
        REFUSED
    }

    public static StreamOutcome ended(List<ParsedMessage> messages, Ending ending) {
        return new StreamOutcome(List.copyOf(messages), ending, 0, "");
    }

    public static StreamOutcome refused(List<ParsedMessage> messages, int status, String reason) {
        return new StreamOutcome(List.copyOf(messages), Ending.REFUSED, status, reason);
    }

    /** @return whether message {@code index} of the stream was not accepted: the stream ended or was refused there */
    public boolean stoppedAt(int index) {
        return index == messages.size() && ending != Ending.CLEAN;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < messages.size(); i++) {
            out.append("\n  #").append(i).append(' ').append(messages.get(i));
        }
        out.append("\n  then ").append(ending);
        if (ending == Ending.REFUSED || ending == Ending.TRUNCATED) {
            out.append(status != 0 ? " " + status : "").append(" (").append(Printable.of(reason, 200)).append(')');
        }
        return out.toString();
    }
}
