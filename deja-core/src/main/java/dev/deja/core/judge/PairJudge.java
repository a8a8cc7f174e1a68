package dev.deja.core.judge;

import java.time.Duration;

/**
 * Decides whether two items are the same, for the pairs an in-process stage cannot settle (an LLM behind an
 * OpenAI-compatible chat endpoint, in deja-embed's {@code RemoteJudge}).
 *
 * <p>Contract: {@link #judge} returns a {@link Judgement} or throws a {@link JudgeException} saying what failed, and
 * does either within the timeout it is given (the caller also stops waiting then: see {@link JudgeStep}).
 * Implementations are thread-safe.
 */
public interface PairJudge {

  /** The model as explanations and metrics name it ({@code local:llama3.1:8b}). */
  String model();

  /**
   * The judgement of one pair.
   *
   * @param timeout how long the caller waits; an implementation gives up and throws a
   *     {@link JudgeException.Failure#TIMEOUT} failure when it passes
   * @throws JudgeException when the judge could not answer (timeout, HTTP error, an answer that is not the asked
   *     JSON)
   */
  Judgement judge(JudgeRequest request, Duration timeout);
}
