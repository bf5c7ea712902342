package io.workbench.targets.hello;

/**
 * A {@code HEAD} request seen as the {@code GET} it mirrors: every call goes to the server's own
 * exchange, except that what is sent is only the head of what a {@code GET} would have got
 * ({@link Reply#headOnly()}: same status and fields, {@code Content-Length} included, no body
 * bytes). So routing, the wait and the strategies' hand-offs run unchanged for {@code HEAD},
 * written once for every server, and no server has to recognise {@code HEAD} itself or drop
 * bytes it was handed.
 *
 * <p>Made per {@code HEAD} request only; a {@code GET} is handed to the server's exchange directly.
 */
final class HeadExchange implements HelloExchange {

    private final HelloExchange get;

    HeadExchange(HelloExchange get) {
        this.get = get;
    }

    @Override
    public void counted(Runnable whenEnded) {
        get.counted(whenEnded);
    }

    @Override
    public void send(Reply reply) {
        get.send(headOf(reply));
    }

    @Override
    public void send(Reply reply, WriteMode mode) {
        get.send(headOf(reply), mode);
    }

    private static Reply headOf(Reply reply) {
        return reply.isHello() ? Reply.HELLO_HEAD : reply.headOnly();
    }

    /** The head of the stream, {@code Content-Length} its length; its bytes are never generated. */
    @Override
    public void stream(StreamBody body, WriteMode mode) {
        get.send(Reply.headOf(200, StreamBody.CONTENT_TYPE, body.length()), mode);
    }

    @Override
    public void abort(Throwable cause) {
        get.abort(cause);
    }

    @Override
    public void startAsync() {
        get.startAsync();
    }


    @Override
    public void dispatch(Runnable task) {
        get.dispatch(task);
    }

    @Override
    public void resume(Runnable task) {
        get.resume(task);
    }

    @Override
    public String toString() {
        return "HeadExchange[" + get + "]";
    }
}
