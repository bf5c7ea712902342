/**
 * What every load target answers, whatever server it runs on: {@code GET /hello} (after a wait,
 * {@code 200 text/plain "hello"}) and {@code GET /stats} (requests started, completed, in flight
 * now and at most). Written once here; each server technology only wires it in.
 */
package io.workbench.iocore.hello;
