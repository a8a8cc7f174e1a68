package dev.deja.core.cascade;

import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import java.util.Objects;

/**
 * A candidate a stage considers a (possible) duplicate.
 *
 * @param id the candidate's id
 * @param score the stage's score in [0, 1]
 * @param level DUPLICATE or POSSIBLE_DUPLICATE
 * @param explanation the stage's explanation node for this candidate
 */
public record StageMatch(String id, double score, Outcome level, Explanation explanation) {
  public StageMatch {
    Objects.requireNonNull(id, "id");
    if (Double.isNaN(score) || score < 0 || score > 1) {
      throw new IllegalArgumentException("score must be in [0, 1], got " + score);
    }
    if (level == Outcome.NEW) {
      throw new IllegalArgumentException("a stage match is DUPLICATE or POSSIBLE_DUPLICATE");
    }
    Objects.requireNonNull(explanation, "explanation");
  }
}
