package dev.deja.core.judge;

import java.util.Map;
import java.util.Optional;

/**
 * Finds a judge by the endpoint name a stage's {@code judge.endpoint} option gives (an entry of the {@code judges:}
 * section of a {@code deja.yaml}).
 *
 * <p>Implementations are thread-safe and return the same instance for the same name.
 */
@FunctionalInterface
public interface JudgeProvider {

  /** The judge with this name, if this provider knows it. */
  Optional<PairJudge> find(String name);

  /** A provider that knows none. */
  static JudgeProvider none() {
    return name -> Optional.empty();
  }

  /** A provider over a fixed map (for tests and embedding applications). */
  static JudgeProvider of(Map<String, PairJudge> judges) {
    Map<String, PairJudge> copy = Map.copyOf(judges);
    return name -> Optional.ofNullable(copy.get(name));
  }
}
