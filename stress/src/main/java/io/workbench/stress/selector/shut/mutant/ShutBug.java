package io.workbench.stress.selector.shut.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs {@link ShutWordMutant} can be built with, one per mutant. The comment at each spot of
 * the copy that a bug changes starts with its name.
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
