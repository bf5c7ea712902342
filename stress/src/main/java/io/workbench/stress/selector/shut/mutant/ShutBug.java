package io.workbench.stress.selector.shut.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's the shut word of EndPointWords, one per mutant. A mutant is the current EndPointWords with the
 * edits of its bug in {@code src/main/mutants/ShutWord.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum ShutBug implements Bug {

    SHUT_WITHOUT_CAS("setting a shut bit reads the word, then stores it with the bit without a CAS: two closes both "
            + "close the channel, and a bit set meanwhile is lost"),

    CLOSE_IGNORES_CLOSED("close does not look whether CLOSED was set already: every close() closes the channel again"),

    OUTPUT_CHECKS_INPUT_FIRST("shutdownOutput decides whether the input is shut from a read before it sets OUTPUT_SHUT: "
            + "an end of input in between sees the output open, and neither side closes the channel");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "ShutWord";

    private final String description;

    ShutBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
