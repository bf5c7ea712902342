package io.workbench.loadgen.peer;

/**
 * A load tool's output that a parser does not understand: a figure it needs is missing, or a line
 * it knows is written in a way it cannot read (an unknown unit, a word where a number belongs).
 * The message names the tool, and the line when there is one, so that a benchmark script can print
 * it as it is.
 */
public final class UnreadableOutputException extends RuntimeException {

    public UnreadableOutputException(String tool, String problem) {
        super(tool + " output: " + problem);
    }

    public UnreadableOutputException(String tool, String problem, String line) {
        super(tool + " output: " + problem + " in line '" + line.strip() + "'");
    }
}
