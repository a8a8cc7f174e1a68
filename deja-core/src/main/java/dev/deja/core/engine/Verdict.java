package dev.deja.core.engine;

import dev.deja.core.explain.Explanation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of a check: the outcome, the matches (highest score first, then id) and the explanation of the whole
 * decision (scope, candidates, each stage).
 *
 * @param outcome NEW, DUPLICATE or POSSIBLE_DUPLICATE
 * @param matches the matches, sorted by {@link Match#ORDER}
 * @param explanation the decision as a tree
 * @param warnings things the caller should know (a stage skipped because its embedder failed open, …)
 */
public record Verdict(Outcome outcome, List<Match> matches, Explanation explanation, List<String> warnings) {
  public Verdict {
    Objects.requireNonNull(outcome, "outcome");
    matches = List.copyOf(matches);
    Objects.requireNonNull(explanation, "explanation");
    warnings = List.copyOf(warnings);
    if (outcome == Outcome.NEW && !matches.isEmpty()) {
      throw new IllegalArgumentException("a NEW verdict has no matches");
    }
  }

  /** The best match, if any. */
  public Optional<Match> best() {
    return matches.isEmpty() ? Optional.empty() : Optional.of(matches.get(0));
  }

  /** Whether the outcome is not NEW. */
  public boolean isDuplicate() {
    return outcome != Outcome.NEW;
  }
}
