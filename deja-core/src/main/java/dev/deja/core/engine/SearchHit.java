package dev.deja.core.engine;

import dev.deja.core.explain.Explanation;
import dev.deja.core.item.StoredItem;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One search result.
 *
 * @param item the stored item
 * @param score its similarity to the search text, in [0, 1]
 * @param timeDistanceMillis how far its start is from the start of the searched range, when there is one
 * @param explanation how the score was computed
 */
public record SearchHit(StoredItem item, double score, OptionalLong timeDistanceMillis, Explanation explanation) {
  public SearchHit {
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(timeDistanceMillis, "timeDistanceMillis");
    Objects.requireNonNull(explanation, "explanation");
  }
}
