package io.workbench.stress.callback;

import io.workbench.iocore.callback.IteratingCallback.Action;
import io.workbench.stress.callback.mutant.CallbackBug;
import io.workbench.stress.callback.mutant.IteratingCallbackMutant;

/** A mutant copy of the callback (or, without a bug, the control copy), subclassed like the real one. */
final class MutantCallback extends IteratingCallbackMutant implements CallbackUnderTest {

    private final CallbackBody task;

    MutantCallback(CallbackBug bug, CallbackBody task) {
        super(bug);
        this.task = task;
    }

    @Override
    protected Action process() {
        return task.process();
    }

    @Override
    protected void onSuccess() {
        task.onSuccess();
    }

    @Override
    protected void onFailure(Throwable cause) {
        task.onFailure(cause);
    }

    @Override
    protected void onAborted(Throwable cause) {
        task.onAborted(cause);
    }

    @Override
    protected void onCompleteSuccess() {
        task.onCompleteSuccess();
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        task.onCompleteFailure(cause);
    }
}
