/**
 * The hello contract run over any server: {@link io.workbench.targets.hello.HelloService} routes
 * and counts, {@link io.workbench.targets.hello.Strategy} times the answer, and each server only
 * implements {@link io.workbench.targets.hello.HelloExchange} over its own request and response.
 */
package io.workbench.targets.hello;
