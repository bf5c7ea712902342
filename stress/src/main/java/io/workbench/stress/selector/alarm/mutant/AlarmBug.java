package io.workbench.stress.selector.alarm.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's SelectorAlarm, one per mutant. A mutant is the current SelectorAlarm with the
 * edits of its bug in {@code src/main/mutants/SelectorAlarm.mutants}, generated at build time into
 * the sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum AlarmBug implements Bug {

    PLAN_WITHOUT_RECHECK("the alarm thread publishes how long it sleeps without reading the armed deadline again: a "
            + "deadline armed between its read and its publication is slept past, and the selector is not woken"),

    ARM_IGNORES_FOREVER("arming unparks the alarm thread only when it sleeps until a later deadline, not when it sleeps "
            + "until unparked: a first deadline after an idle spell never wakes it"),

    FIRE_WITHOUT_CAS("firing reads the armed deadline and then clears it with a plain store: a deadline the selector "
            + "arms in between is wiped out, and nothing wakes the selector for it");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "SelectorAlarm";

    private final String description;

    AlarmBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
