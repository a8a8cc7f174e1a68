package dev.deja.cli;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One copy of each repeated field value of a file: a batch holds every record in memory, and the values of most fields
 * repeat (names, towns, states, venues), so sharing them saves about half of a million-record batch's memory. A field
 * whose values turn out mostly distinct (identity numbers, dates of birth) is no longer pooled after its first
 * {@link #TRIAL} values, so the pool never costs more than it saves. Only short strings are pooled.
 *
 * <p>Not thread-safe: the file reader uses it.
 */
final class ValuePool {
  /** Values of a field seen before deciding whether pooling it pays. */
  static final int TRIAL = 10_000;
  /** Longer values are rarely repeated: not pooled. */
  static final int MAX_LENGTH = 64;

  /** Per field: its pool, or null once pooling it has been given up. */
  private final Map<String, Field> fields = new HashMap<>();

  private static final class Field {
    final Map<String, String> pool = new HashMap<>();
    long seen;
    long hits;
  }

  /** The fields with each short string value replaced by the pooled copy of an equal one. */
  Map<String, Object> share(Map<String, Object> values) {
    Map<String, Object> out = new LinkedHashMap<>(values);
    for (Map.Entry<String, Object> e : out.entrySet()) {
      if (e.getValue() instanceof String s && s.length() <= MAX_LENGTH) {
        e.setValue(share(e.getKey(), s));
      }
    }
    return out;
  }

  private String share(String field, String value) {
    Field f = fields.computeIfAbsent(field, k -> new Field());
    if (f.seen < 0) {
      return value; // given up: mostly distinct
    }
    f.seen++;
    String pooled = f.pool.putIfAbsent(value, value);
    if (pooled != null) {
      f.hits++;
      value = pooled;
    }
    if (f.seen == TRIAL && f.hits * 2 < f.seen) {
      f.pool.clear();
      f.seen = -1;
    }
    return value;
  }
}
