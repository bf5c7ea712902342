/** {@code netty}: the hello contract on Netty 4.2's {@code HttpServerCodec}, NIO transport. */
package io.workbench.targets.netty;
