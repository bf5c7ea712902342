/**
 * {@code iocore}: the hello contract on iocore's own {@code HttpServer}, under async-complete, sync
 * and virtual; {@code /stream} is an {@code IteratingCallback} over its writes that gathers several
 * chunks into each.
 */
package io.workbench.targets.iocore;
