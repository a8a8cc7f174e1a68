package dev.deja.core.spec;

import dev.deja.core.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Operations on configuration trees (maps, lists, scalars as a YAML or JSON parser produces them): deep merging of a
 * user's overrides onto a preset, and setting one value by its dotted path.
 *
 * <p>Thread-safe: stateless; inputs are never modified.
 */
public final class Trees {
  private Trees() {}

  /**
   * {@code override} merged onto {@code base}: objects merge key by key, recursively; any other value (scalar, list)
   * in the override replaces the base's; a key set to {@code null} in the override removes it. Key order: the base's,
   * then new keys.
   */
  public static Map<String, Object> deepMerge(Map<String, Object> base, Map<String, Object> override) {
    Map<String, Object> out = new LinkedHashMap<>(base);
    for (Map.Entry<String, Object> e : override.entrySet()) {
      Object b = out.get(e.getKey());
      Object o = e.getValue();
      if (o == null) {
        out.remove(e.getKey());
      } else if (b instanceof Map<?, ?> bm && o instanceof Map<?, ?> om) {
        out.put(e.getKey(), deepMerge(Options.asStringMap(e.getKey(), bm), Options.asStringMap(e.getKey(), om)));
      } else {
        out.put(e.getKey(), o);
      }
    }
    return out;
  }

  /** A copy of the tree with the value at a dotted path ({@code stages.fuzzy.similarity_threshold}) set. */
  public static Map<String, Object> set(Map<String, Object> tree, String dottedPath, Object value) {
    if (dottedPath.isBlank()) {
      throw new InvalidInputException("empty configuration path");
    }
    String[] parts = dottedPath.split("\\.");
    for (String p : parts) {
      if (p.isEmpty()) {
        throw new InvalidInputException("bad configuration path '" + dottedPath + "'");
      }
    }
    Map<String, Object> override = new LinkedHashMap<>();
    Map<String, Object> cur = override;
    for (int i = 0; i < parts.length - 1; i++) {
      Map<String, Object> next = new LinkedHashMap<>();
      cur.put(parts[i], next);
      cur = next;
    }
    cur.put(parts[parts.length - 1], value);
    return deepMerge(tree, override);
  }

  /** A deep, mutable copy (maps and lists copied; scalars shared). */
  @SuppressWarnings("unchecked")
  public static Object deepCopy(Object value) {
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), deepCopy(v)));
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object v : l) {
        out.add(deepCopy(v));
      }
      return out;
    }
    return value;
  }
}
