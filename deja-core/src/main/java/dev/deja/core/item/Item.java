package dev.deja.core.item;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The fields of one thing a caller wants to store: a calendar event, a memory fact, a definition, a piece of text.
 *
 * <p>Values are JSON-like and deeply immutable: {@code String}, {@code Boolean}, {@code Long}, {@code Double},
 * {@code List} and {@code Map} of those, or {@code null} (an explicit null is kept: the glossary distinguishes a null
 * legal context from an empty one). What the fields mean, and which are allowed, is decided by the collection's
 * {@link dev.deja.core.spec.CollectionSpec}, not here. Field order is preserved for display; equality ignores it. A
 * {@link Deferred} map (a store's candidate, decoded on first use) is kept as it is: its decoder freezes what it makes
 * with this constructor.
 *
 * @param fields field name to value
 */
public record Item(Map<String, Object> fields) {

  public Item {
    Objects.requireNonNull(fields, "fields");
    fields = Deferred.isDeferred(fields) ? fields : freezeMap(fields, "");
  }

  /**
   * A value computed from this item's fields once and kept with the item (which is immutable), by {@code key}'s
   * identity: a stage keeps the analysed form of a stored item here, so that comparing it with a thousand new items
   * analyses it once. {@code compute} must be a pure function of the fields. Items of more than a few fields, or whose
   * fields a store decodes on first use, compute it on every call.
   */
  public <T> T memo(Object key, java.util.function.Function<Item, T> compute) {
    return fields instanceof FrozenMap f ? f.memo(key, () -> compute.apply(this)) : compute.apply(this);
  }

  /** An item from alternating names and values, for tests and examples: {@code Item.of("title", "Dentist")}. */
  public static Item of(Object... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("names and values must come in pairs, got " + namesAndValues.length);
    }
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return new Item(map);
  }

  /** Whether the field is present (possibly with an explicit null). */
  public boolean has(String field) {
    return fields.containsKey(field);
  }

  /** The raw value, empty when absent or null. */
  public Optional<Object> find(String field) {
    return Optional.ofNullable(fields.get(field));
  }

  /** The value as a string when it is one (numbers and booleans are rendered), empty when absent or null. */
  public Optional<String> findString(String field) {
    Object v = fields.get(field);
    if (v == null || v instanceof List || v instanceof Map) {
      return Optional.empty();
    }
    return Optional.of(v.toString());
  }

  /** A copy with one field set (or replaced). */
  public Item with(String field, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(fields);
    copy.put(field, value);
    return new Item(copy);
  }

  /** A copy without the field. */
  public Item without(String field) {
    Map<String, Object> copy = new LinkedHashMap<>(fields);
    copy.remove(field);
    return new Item(copy);
  }

  private static Map<String, Object> freezeMap(Map<?, ?> map, String path) {
    int n = map.size();
    String[] names = new String[n];
    Object[] values = new Object[n];
    int i = 0;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (!(e.getKey() instanceof String key)) {
        throw new IllegalArgumentException("field names must be strings, got " + e.getKey() + " at '" + path + "'");
      }
      names[i] = key;
      values[i++] = freeze(e.getValue(), path.isEmpty() ? key : path + "." + key);
    }
    if (i != n) {
      throw new java.util.ConcurrentModificationException("the fields changed while they were copied");
    }
    // A few fields (the usual case) in two arrays: a batch of a million records holds a quarter of the memory.
    if (n <= FrozenMap.MAX_FIELDS) {
      return new FrozenMap(FrozenMap.shared(names), values);
    }
    Map<String, Object> copy = new LinkedHashMap<>();
    for (int j = 0; j < n; j++) {
      copy.put(names[j], values[j]);
    }
    return Collections.unmodifiableMap(copy);
  }

  private static Object freeze(Object value, String path) {
    if (value == null || value instanceof String || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float || value instanceof Double) {
      double d = ((Number) value).doubleValue();
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException("field '" + path + "' must be a finite number, got " + d);
      }
      return d;
    }
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        copy.add(freeze(list.get(i), path + "[" + i + "]"));
      }
      return Collections.unmodifiableList(copy);
    }
    if (value instanceof Map<?, ?> map) {
      return freezeMap(map, path);
    }
    throw new IllegalArgumentException(
        "field '" + path + "' has an unsupported value type " + value.getClass().getSimpleName());
  }
}
