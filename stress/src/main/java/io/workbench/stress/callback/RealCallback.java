package io.workbench.stress.callback;

import io.workbench.iocore.callback.IteratingCallback;

/** The implementation under proof, subclassed the way production code subclasses it. */
final class RealCallback extends IteratingCallback implements CallbackUnderTest {

    private final CallbackBody task;

    RealCallback(CallbackBody task) {
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
