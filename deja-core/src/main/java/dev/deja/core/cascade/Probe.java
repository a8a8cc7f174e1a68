package dev.deja.core.cascade;

import dev.deja.core.item.Item;
import dev.deja.core.item.TimeSpan;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The new item as stages see it.
 *
 * @param tenant the tenant asking
 * @param item the item's fields
 * @param time when it happens, for collections with a time window
 * @param vectors its embeddings by vector name (computed once per check by the engine); a vector stage whose embedder
 *     failed open has none
 */
public record Probe(String tenant, Item item, Optional<TimeSpan> time, Map<String, float[]> vectors) {
  public Probe {
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(time, "time");
    Map<String, float[]> copy = new java.util.LinkedHashMap<>();
    vectors.forEach((k, v) -> copy.put(k, v.clone()));
    vectors = java.util.Collections.unmodifiableMap(copy);
  }

  public Probe(String tenant, Item item, Optional<TimeSpan> time) {
    this(tenant, item, time, Map.of());
  }

  /** A copy of the named vector, if the probe has it. */
  public Optional<float[]> vector(String name) {
    return Optional.ofNullable(vectors.get(name)).map(float[]::clone);
  }
}
