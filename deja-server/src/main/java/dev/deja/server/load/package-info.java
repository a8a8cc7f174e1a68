/**
 * Load and robustness drivers for a running server, used by {@code deja bench http} and {@code deja bench fuzz} and by
 * {@code FuzzIT}: {@link dev.deja.server.load.HttpBench} (closed-loop clients measuring requests per second and
 * p50/p99 of check and put) and {@link dev.deja.server.load.HttpFuzzer} (seeded malformed requests that must never get
 * a 5xx). They only ever send to the URL they are given (loopback in every documented run) and stop by themselves.
 */
package dev.deja.server.load;
