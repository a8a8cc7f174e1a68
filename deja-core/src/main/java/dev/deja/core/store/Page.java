package dev.deja.core.store;

import dev.deja.core.item.StoredItem;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a listing.
 *
 * @param items the items, by id
 * @param nextAfter the id to pass as {@code afterId} for the next page, empty on the last page
 */
public record Page(List<StoredItem> items, Optional<String> nextAfter) {
  public Page {
    items = List.copyOf(items);
    Objects.requireNonNull(nextAfter, "nextAfter");
  }
}
