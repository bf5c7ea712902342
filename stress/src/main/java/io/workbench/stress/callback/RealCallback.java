package io.workbench.stress.callback;

import io.workbench.iocore.callback.IteratingCallback;

/**
 * The implementation under proof, subclassed the way production code subclasses it. The build
 * also copies this class beside each generated copy of IteratingCallback (the control and every
 * mutant), where the same code drives the copy; so it names IteratingCallback only through its
 * import and reaches nothing package-private of this package.
 */
final class RealCallback extends IteratingCallback implements CallbackUnderTest {

    private final CallbackBody task;

    RealCallback(CallbackBody task) {
        this.task = task;
    }

    @Override
    protected Action process() {
        // The body answers with iocore's Action; in a copy, Action is the copy's own enum.
        return switch (task.process()) {
            case IDLE -> Action.IDLE;
            case SCHEDULED -> Action.SCHEDULED;
            case SUCCEEDED -> Action.SUCCEEDED;
        };
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
