package dev.deja.core.engine;

import dev.deja.core.item.Item;
import dev.deja.core.item.ItemIds;
import java.util.Objects;
import java.util.Optional;

/**
 * A dry-run question: would this item be a duplicate?
 *
 * @param tenant the tenant asking; only its items are considered
 * @param item the new item
 * @param excludeId an id never to match (the item being edited: self-exclusion)
 */
public record CheckRequest(String tenant, Item item, Optional<String> excludeId) {
  public CheckRequest {
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(excludeId, "excludeId");
    excludeId.ifPresent(x -> ItemIds.requireStored("exclude_id", x));
  }

  public static CheckRequest of(String tenant, Item item) {
    return new CheckRequest(tenant, item, Optional.empty());
  }
}
