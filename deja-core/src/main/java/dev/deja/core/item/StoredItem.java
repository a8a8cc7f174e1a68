package dev.deja.core.item;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An item as held by a store: its id, tenant, fields, the keys it is indexed under, optional vectors, a version and
 * its history.
 *
 * <p>Vectors are copied in and out (arrays are mutable). A store returns exactly what it was given. Vectors and history
 * made by {@link Deferred} are kept as they are (a store decodes them when they are first used).
 *
 * @param id unique within the collection
 * @param tenant the tenant (owner key) the item belongs to; never matched across tenants
 * @param item the fields
 * @param keys derived index keys (scope, status, lookup keys, terms, time)
 * @param vectors named embeddings (by {@code model} name), possibly none
 * @param version 1 on creation, incremented by every merge or update
 * @param createdAt when it was created
 * @param updatedAt when it was last created, merged into or updated
 * @param history what happened to it, oldest first
 */
public record StoredItem(
    String id,
    String tenant,
    Item item,
    ItemKeys keys,
    Map<String, float[]> vectors,
    long version,
    Instant createdAt,
    Instant updatedAt,
    List<HistoryEntry> history) {

  public StoredItem {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("id must not be blank");
    }
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(keys, "keys");
    vectors = Deferred.isDeferred(vectors) ? vectors : copyVectors(vectors);
    if (version < 1) {
      throw new IllegalArgumentException("version must be at least 1, got " + version);
    }
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(updatedAt, "updatedAt");
    history = Deferred.isDeferred(history) ? history : List.copyOf(history);
  }

  /** A copy of the named vectors: the arrays are copied out. */
  @Override
  public Map<String, float[]> vectors() {
    return copyVectors(vectors);
  }

  /** A copy with other fields, keys and vectors and the same identity, version and history. */
  public StoredItem withItem(Item newItem, ItemKeys newKeys, Map<String, float[]> newVectors) {
    return new StoredItem(id, tenant, newItem, newKeys, newVectors, version, createdAt, updatedAt, history);
  }

  /** A copy whose version is incremented, updatedAt set, and the entry appended to the history. */
  public StoredItem touched(Instant at, HistoryEntry entry) {
    List<HistoryEntry> h = new java.util.ArrayList<>(history);
    h.add(entry);
    return new StoredItem(id, tenant, item, keys, vectors, version + 1, createdAt, at, h);
  }

  private static Map<String, float[]> copyVectors(Map<String, float[]> in) {
    Objects.requireNonNull(in, "vectors");
    if (in.isEmpty()) {
      return Map.of(); // most items of a batch have none: one shared empty map
    }
    Map<String, float[]> out = new LinkedHashMap<>();
    in.forEach((k, v) -> out.put(Objects.requireNonNull(k, "vector name"), Arrays.copyOf(v, v.length)));
    return Collections.unmodifiableMap(out);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StoredItem s)) {
      return false;
    }
    if (!(id.equals(s.id) && tenant.equals(s.tenant) && item.equals(s.item) && keys.equals(s.keys)
        && version == s.version && createdAt.equals(s.createdAt) && updatedAt.equals(s.updatedAt)
        && history.equals(s.history) && vectors.keySet().equals(s.vectors.keySet()))) {
      return false;
    }
    for (Map.Entry<String, float[]> e : vectors.entrySet()) {
      if (!Arrays.equals(e.getValue(), s.vectors.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, tenant, item, version);
  }

  @Override
  public String toString() {
    return "StoredItem[id=" + id + ", tenant=" + tenant + ", version=" + version + ", item=" + item.fields() + "]";
  }
}
