package io.workbench.iocore.callback;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * An {@link IteratingCallback} whose {@code process()} runs the next step of a script, and which
 * records every call to process() and to a hook, in order. It also notes any hook that runs while
 * process() is on the stack, which the state machine promises never happens.
 */
class ScriptedCallback extends IteratingCallback {

    /** One call of process(): do something (start an operation, call back, abort...) and say what happened. */
    @FunctionalInterface
    interface Step {
        Action run(ScriptedCallback callback) throws Throwable;
    }

    final List<String> events = new ArrayList<>();
    final List<String> violations = new ArrayList<>();
    private final Deque<Step> script = new ArrayDeque<>();
    private boolean inProcess;
    Runnable onAbortedAction = () -> { };
    /** Runs at the end of onSuccess(): what a subclass does on a success (abort, close, fail...). */
    Runnable onSuccessAction = () -> { };

    ScriptedCallback(Step... steps) {
        then(steps);
    }

    ScriptedCallback(boolean needReset) {
        super(needReset);
    }

    ScriptedCallback then(Step... steps) {
        script.addAll(List.of(steps));
        return this;
    }

    static Step scheduled() {
        return callback -> Action.SCHEDULED;
    }

    static Step idle() {
        return callback -> Action.IDLE;
    }

    static Step done() {
        return callback -> Action.SUCCEEDED;
    }

    /** An operation that completes inside the call that started it. */
    static Step completedInPlace() {
        return callback -> {
            callback.succeeded();
            return Action.SCHEDULED;
        };
    }

    @Override
    protected Action process() throws Throwable {
        events.add("process");
        Step step = script.poll();
        if (step == null) {
            throw new AssertionError("process() called more often than scripted: " + events);
        }
        inProcess = true;
        try {
            return step.run(this);
        } finally {
            inProcess = false;
        }
    }

    private void hook(String event) {
        if (inProcess) {
            violations.add(event + " ran inside process()");
        }
        events.add(event);
    }

    @Override
    protected void onSuccess() {
        hook("onSuccess");
        onSuccessAction.run();
    }

    @Override
    protected void onFailure(Throwable cause) {
        hook("onFailure:" + cause.getMessage());
    }

    @Override
    protected void onAborted(Throwable cause) {
        hook("onAborted:" + cause.getMessage());
        onAbortedAction.run();
    }

    @Override
    protected void onCompleteSuccess() {
        hook("onCompleteSuccess");
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        hook("onCompleteFailure:" + cause.getMessage());
    }

    long completions() {
        return events.stream().filter(e -> e.startsWith("onComplete")).count();
    }

    int scriptLeft() {
        return script.size();
    }
}
