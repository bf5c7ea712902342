package io.workbench.stress.harness;

/**
 * One deliberately planted bug of a state machine. Each machine lists its bugs as an enum that
 * implements this interface; the enum constant's name is the bug's id in the catalog, on the
 * command line and in the summary.
 */
public interface Bug {

    /** The id: the enum constant's name. */
    String name();

    /** What is broken, in one sentence a reader can check against the code. */
    String description();
}
