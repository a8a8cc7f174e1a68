package dev.deja.core.cascade;

import dev.deja.core.item.Item;
import dev.deja.core.item.TimeSpan;
import java.util.Objects;
import java.util.Optional;

/**
 * The new item as stages see it.
 *
 * @param tenant the tenant asking
 * @param item the item's fields
 * @param time when it happens, for collections with a time window
 */
public record Probe(String tenant, Item item, Optional<TimeSpan> time) {
  public Probe {
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(time, "time");
  }
}
