package dev.deja.core.judge;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What stages need to ask a judge: where judges come from, who hears about their calls (metrics), and the clock of
 * the per-minute call budget. Part of a {@link dev.deja.core.cascade.StageContext}; immutable, thread-safe.
 *
 * @param provider judges by endpoint name
 * @param listener hears every call, cache hit, disagreement and fallback
 * @param clock the time of the call budget
 */
public record Judging(JudgeProvider provider, JudgeListener listener, Clock clock) {
  public Judging {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(listener, "listener");
    Objects.requireNonNull(clock, "clock");
  }

  /** No judges: a stage that names one cannot be built. */
  public static Judging none() {
    return new Judging(JudgeProvider.none(), JudgeListener.NONE, Clock.systemUTC());
  }

  /** The judges of this provider, heard by nobody, on the system clock. */
  public static Judging of(JudgeProvider provider) {
    return new Judging(provider, JudgeListener.NONE, Clock.systemUTC());
  }

  /**
   * For stages built for their keys or features, never to decide (validation, training, candidate preparation): every
   * endpoint name is accepted, and a judge that is asked anyway fails with
   * {@link JudgeException.Failure#NOT_CONFIGURED}, so the stage falls back to its in-process decision and says so.
   */
  public static Judging placeholders() {
    return new Judging(name -> Optional.of(placeholder(name)), JudgeListener.NONE, Clock.systemUTC());
  }

  /** The same with another listener. */
  public Judging withListener(JudgeListener l) {
    return new Judging(provider, l, clock);
  }

  /** The same with another clock. */
  public Judging withClock(Clock c) {
    return new Judging(provider, listener, c);
  }

  /** A judge that has a name and fails when asked (see {@link #placeholders()}). */
  public static PairJudge placeholder(String name) {
    return new PairJudge() {
      @Override
      public String model() {
        return name;
      }

      @Override
      public Judgement judge(JudgeRequest request, Duration timeout) {
        throw new JudgeException(JudgeException.Failure.NOT_CONFIGURED, "judge '" + name + "' is not available "
            + "here (this collection was built for validation only)");
      }
    };
  }
}
