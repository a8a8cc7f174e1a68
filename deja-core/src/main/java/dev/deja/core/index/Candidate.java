package dev.deja.core.index;

import dev.deja.core.item.StoredItem;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A stored item returned by a candidate lookup, with the lookups that reached it ({@code window}, {@code exact},
 * {@code synonym}, {@code lexical}, {@code vector}, …), shown in explanations.
 *
 * @param item the stored item
 * @param sources the names of the lookups that found it, sorted
 */
public record Candidate(StoredItem item, Set<String> sources) {
  public Candidate {
    Objects.requireNonNull(item, "item");
    sources = java.util.Collections.unmodifiableSet(new TreeSet<>(sources));
  }

  public String id() {
    return item.id();
  }
}
