/**
 * Evaluation of the streaming filter on labelled streams ({@code streams.jsonl}: chunks, keep units, drop units), as
 * {@code deja eval} runs it, and seeded synthetic answers for benchmarks and property tests.
 *
 * <p>{@link dev.deja.stream.eval.StreamEvaluation#run} scores survival from the output text (a unit survives when the
 * output continues with it), so the numbers do not depend on the filter's own bookkeeping.
 */
package dev.deja.stream.eval;
