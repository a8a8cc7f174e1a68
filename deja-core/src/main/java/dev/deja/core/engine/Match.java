package dev.deja.core.engine;

import dev.deja.core.explain.Explanation;
import dev.deja.core.item.StoredItem;
import java.util.Comparator;
import java.util.Objects;

/**
 * A stored item that duplicates (or may duplicate) the new one.
 *
 * @param id the stored item's id
 * @param score the deciding stage's score in [0, 1]
 * @param level {@link Outcome#DUPLICATE} or {@link Outcome#POSSIBLE_DUPLICATE}
 * @param stage the name of the stage that matched
 * @param item the stored item
 * @param explanation why: the stage, measure, values, score, threshold and evidence
 */
public record Match(String id, double score, Outcome level, String stage, StoredItem item, Explanation explanation) {

  /** Highest score first, then id: the order of matches in every verdict. */
  public static final Comparator<Match> ORDER =
      Comparator.comparingDouble(Match::score).reversed().thenComparing(Match::id);

  public Match {
    Objects.requireNonNull(id, "id");
    if (Double.isNaN(score) || score < 0 || score > 1) {
      throw new IllegalArgumentException("score must be in [0, 1], got " + score);
    }
    if (level == Outcome.NEW) {
      throw new IllegalArgumentException("a match is a DUPLICATE or a POSSIBLE_DUPLICATE, not NEW");
    }
    Objects.requireNonNull(stage, "stage");
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(explanation, "explanation");
  }
}
