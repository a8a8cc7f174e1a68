/**
 * The judge SPI: an opt-in second opinion, from an LLM, on the pairs an in-process stage cannot settle.
 *
 * <p>Deja decides the clear cases in-process. A scoring stage ({@code combined}, {@code fuzzy}, {@code semantic})
 * with a {@code judge:} option puts only the pairs whose score falls inside a band (and, for {@code combined} with
 * {@code ask_on_veto}, the pairs one of its vetoes decided) to a {@link dev.deja.core.judge.PairJudge}; its
 * {@link dev.deja.core.judge.Decision} then decides them, and its one-line reason becomes a {@code judge} node of the
 * explanation. {@link dev.deja.core.judge.JudgeStep} holds the logic (band, cache, budget, deadline, fallback);
 * {@link dev.deja.core.judge.JudgeKind} the instructions per kind of item; the HTTP client for OpenAI-compatible chat
 * endpoints is deja-embed's {@code RemoteJudge}, configured by {@link dev.deja.core.judge.RemoteJudgeSpec} (the
 * {@code judges:} section of a {@code deja.yaml}).
 *
 * <pre>{@code
 * judges:
 *   local: {type: openai, base_url: "http://localhost:11434/v1", model: "llama3.1:8b"}
 * presets:
 *   memory:
 *     stages:
 *       combined:
 *         judge: {endpoint: local, band: [0.45, 0.85]}
 * }</pre>
 *
 * <p>A judge that fails, times out or runs out of budget never fails a check and never changes its meaning silently:
 * the in-process decision stands, the verdict carries a warning, and {@link dev.deja.core.judge.JudgeListener} hears
 * it (the server's {@code deja_judge_*} metrics).
 */
package dev.deja.core.judge;
