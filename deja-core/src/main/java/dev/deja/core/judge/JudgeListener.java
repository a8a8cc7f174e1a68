package dev.deja.core.judge;

import java.time.Duration;

/**
 * Hears what judges do, for metrics (the server binds Micrometer meters to it; {@code deja eval} counts with
 * {@link JudgeStats}). deja-core cannot depend on a metrics library, so this is the seam.
 *
 * <p>Every method has an empty default. Implementations are thread-safe and fast: they are called on the checking
 * thread.
 */
public interface JudgeListener {

  /** A listener that ignores everything. */
  JudgeListener NONE = new JudgeListener() {};

  /**
   * A call to a judge ended.
   *
   * @param model the judge's {@link PairJudge#model()}
   * @param outcome {@code same}, {@code different}, or the failure's {@link JudgeException.Failure#label()}
   * @param latency how long the check waited for it
   */
  default void called(String model, String outcome, Duration latency) {}

  /** A judgement came from the collection's cache: no call was made. */
  default void cacheHit(String model) {}

  /** The judge decided otherwise than the in-process stage would have (a call or a cache hit). */
  default void disagreed(String model) {}

  /**
   * The in-process decision was used for a pair the judge should have decided.
   *
   * @param reason the failure's label, or {@code budget} (the per-minute budget was spent), {@code deadline} (the
   *     check's time for the judge was used up), {@code max_calls} (the check asked its most calls)
   */
  default void fellBack(String model, String reason) {}
}
