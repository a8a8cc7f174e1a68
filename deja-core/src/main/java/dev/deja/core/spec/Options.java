package dev.deja.core.spec;

import dev.deja.core.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed, path-aware access to a configuration map (a YAML or JSON object): every error names the full path of the
 * offending key and the value found, and {@link #rejectUnknown} catches typos such as {@code treshold}.
 *
 * <p>Not thread-safe: it remembers which keys were read. Cheap to create.
 */
public final class Options {
  private final String path;
  private final Map<String, Object> map;
  private final Set<String> read = new TreeSet<>();
  private final Set<String> alsoKnown = new TreeSet<>();

  public Options(String path, Map<String, Object> map) {
    this.path = path;
    this.map = map == null ? Map.of() : map;
  }

  /** Options for a value that must be an object (or absent: then empty). */
  public static Options of(String path, Object value) {
    if (value == null) {
      return new Options(path, Map.of());
    }
    if (!(value instanceof Map<?, ?> m)) {
      throw new InvalidInputException(path + ": must be an object, got " + describe(value));
    }
    return new Options(path, asStringMap(path, m));
  }

  public String path() {
    return path;
  }

  /** The path of a key under this object, for messages. */
  public String at(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  public boolean has(String key) {
    return map.containsKey(key);
  }

  /** The first of several alternative keys that is present (e.g. {@code threshold} and its alias). */
  public Optional<String> firstPresent(String... keys) {
    for (String k : keys) {
      if (map.containsKey(k)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }

  public Set<String> keys() {
    return Collections.unmodifiableSet(map.keySet());
  }

  public Object raw(String key) {
    read.add(key);
    return map.get(key);
  }

  public String string(String key, String defaultValue) {
    return optionalString(key).orElse(defaultValue);
  }

  public String requiredString(String key) {
    return optionalString(key).orElseThrow(() -> new InvalidInputException(at(key) + ": is required"));
  }

  public Optional<String> optionalString(String key) {
    Object v = raw(key);
    if (v == null) {
      return Optional.empty();
    }
    if (v instanceof String s) {
      if (s.isBlank()) {
        throw new InvalidInputException(at(key) + ": must not be blank");
      }
      return Optional.of(s);
    }
    throw new InvalidInputException(at(key) + ": must be a string, got " + describe(v));
  }

  public boolean bool(String key, boolean defaultValue) {
    Object v = raw(key);
    if (v == null) {
      return defaultValue;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
      return Boolean.parseBoolean(s);
    }
    throw new InvalidInputException(at(key) + ": must be true or false, got " + describe(v));
  }

  public double number(String key, double defaultValue, double min, double max) {
    Object v = raw(key);
    if (v == null) {
      return defaultValue;
    }
    return checkedNumber(at(key), v, min, max);
  }

  /** A number within [min, max]; strings holding numbers are accepted (environment overrides are strings). */
  public static double checkedNumber(String where, Object v, double min, double max) {
    double d;
    if (v instanceof Number n) {
      d = n.doubleValue();
    } else if (v instanceof String s) {
      try {
        d = Double.parseDouble(s.strip());
      } catch (NumberFormatException e) {
        throw new InvalidInputException(where + ": must be a number, got " + describe(v));
      }
    } else {
      throw new InvalidInputException(where + ": must be a number, got " + describe(v));
    }
    if (Double.isNaN(d) || d < min || d > max) {
      throw new InvalidInputException(
          where + ": must be a number in [" + fmt(min) + ", " + fmt(max) + "], got " + describe(v));
    }
    return d;
  }

  public int integer(String key, int defaultValue, int min, int max) {
    Object v = raw(key);
    if (v == null) {
      return defaultValue;
    }
    double d = checkedNumber(at(key), v, min, max);
    if (d != Math.rint(d)) {
      throw new InvalidInputException(at(key) + ": must be a whole number, got " + describe(v));
    }
    return (int) d;
  }

  /** A list of strings; a single string is accepted as a one-element list. */
  public List<String> strings(String key, List<String> defaultValue) {
    Object v = raw(key);
    if (v == null) {
      return defaultValue;
    }
    if (v instanceof String s) {
      return List.of(s);
    }
    if (!(v instanceof List<?> list)) {
      throw new InvalidInputException(at(key) + ": must be a list of strings, got " + describe(v));
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof String s)) {
        throw new InvalidInputException(at(key) + "[" + i + "]: must be a string, got " + describe(list.get(i)));
      }
      out.add(s);
    }
    return out;
  }

  /** A nested object. */
  public Options object(String key) {
    return of(at(key), raw(key));
  }

  /** A nested object as an ordered map of string to raw value. */
  public Map<String, Object> map(String key) {
    Object v = raw(key);
    if (v == null) {
      return Map.of();
    }
    if (!(v instanceof Map<?, ?> m)) {
      throw new InvalidInputException(at(key) + ": must be an object, got " + describe(v));
    }
    return asStringMap(at(key), m);
  }

  /** One of the given words (case-insensitive), returned lower-cased. */
  public String choice(String key, String defaultValue, String... allowed) {
    Optional<String> v = optionalString(key);
    if (v.isEmpty()) {
      return defaultValue;
    }
    String s = v.get().strip().toLowerCase(java.util.Locale.ROOT);
    for (String a : allowed) {
      if (a.equals(s)) {
        return s;
      }
    }
    throw new InvalidInputException(at(key) + ": must be one of " + String.join(", ", allowed) + ", got '"
        + v.get() + "'");
  }

  /**
   * Names keys that are valid here but may not be read by the reader that calls {@link #rejectUnknown} (read by
   * another one, such as a stage's {@code type} and {@code enabled}, or aliases of a key read under another name), so
   * that the known keys an error lists are complete.
   *
   * @return this
   */
  public Options alsoKnown(String... keys) {
    alsoKnown.addAll(List.of(keys));
    return this;
  }

  /** Fails when the object has keys that were never read, naming them and the known ones. */
  public void rejectUnknown(String... alsoAllowed) {
    Set<String> unknown = new TreeSet<>(map.keySet());
    unknown.removeAll(read);
    for (String a : alsoAllowed) {
      unknown.remove(a);
    }
    if (!unknown.isEmpty()) {
      Set<String> known = new TreeSet<>(read);
      known.addAll(List.of(alsoAllowed));
      known.addAll(alsoKnown);
      throw new InvalidInputException((path.isEmpty() ? "" : path + ": ") + "unknown key"
          + (unknown.size() > 1 ? "s " : " ") + unknown.stream().map(k -> "'" + k + "'").toList()
          + "; known keys: " + known);
    }
  }

  static Map<String, Object> asStringMap(String path, Map<?, ?> m) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!(e.getKey() instanceof String k)) {
        throw new InvalidInputException(path + ": keys must be strings, got " + e.getKey());
      }
      out.put(k, e.getValue());
    }
    return out;
  }

  /** A value as it should appear in an error message. */
  public static String describe(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof String s) {
      return "'" + (s.length() > 60 ? s.substring(0, 60) + "…" : s) + "'";
    }
    if (v instanceof Map) {
      return "an object";
    }
    if (v instanceof List) {
      return "a list";
    }
    return v.toString();
  }

  private static String fmt(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
