/**
 * The hello and streaming contracts run over any server: {@link io.workbench.targets.hello.HelloService}
 * routes and counts, {@link io.workbench.targets.hello.Strategy} times the answer or writes the stream,
 * {@link io.workbench.targets.hello.Handoffs} holds what the asynchronous strategies hand requests to,
 * {@link io.workbench.targets.hello.StreamBody} is the checkable body of {@code /stream}, and each
 * server only implements {@link io.workbench.targets.hello.HelloExchange} over its own request and response.
 */
package io.workbench.targets.hello;
