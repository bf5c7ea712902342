package io.workbench.stress.callback;

import io.workbench.iocore.callback.IteratingCallback.Action;

/**
 * The body of a test's callback: its {@code process()} and its hooks. The real callback and every
 * mutant delegate to it, so one jcstress test drives any of them the same way. Public, as the
 * drivers of the generated copies live in other packages.
 */
public interface CallbackBody {

    Action process();

    void onSuccess();

    void onFailure(Throwable cause);

    void onAborted(Throwable cause);

    void onCompleteSuccess();

    void onCompleteFailure(Throwable cause);
}
