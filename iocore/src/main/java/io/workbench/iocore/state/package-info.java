/**
 * What iocore's small lock-free state machines share: their allowed transitions kept as data
 * ({@link io.workbench.iocore.state.Transitions}), so that every machine checks each move it makes
 * against one table, names its states the same way, and logs its moves the same way.
 */
package io.workbench.iocore.state;
