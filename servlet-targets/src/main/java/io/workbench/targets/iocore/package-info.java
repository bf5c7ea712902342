/** {@code iocore}: the hello contract on iocore's own {@code HttpServer}, under async-complete, sync and virtual. */
package io.workbench.targets.iocore;
