package io.workbench.stress.callback;

/** What one call of a race's process() does; a race is given the steps of its calls in order. */
public enum Step {

    /** Starts the race's one asynchronous operation, with the callback as its callback; returns SCHEDULED. */
    SCHEDULE,

    /** Returns IDLE: nothing to do until the next iterate(). */
    IDLE,

    /** Returns SUCCEEDED: the whole task is done. */
    SUCCEED,

    /** Takes all work offered so far, then returns IDLE: the consumer side of the idle race. */
    DRAIN
}
