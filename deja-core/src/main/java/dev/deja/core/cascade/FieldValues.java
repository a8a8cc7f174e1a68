package dev.deja.core.cascade;

import dev.deja.core.item.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Helpers for reading field values the way stages need them. Thread-safe: stateless. */
final class FieldValues {
  private FieldValues() {}

  /** A scalar text value, empty when absent, null or blank. */
  static Optional<String> text(Item item, String field) {
    return item.findString(field).filter(s -> !s.isBlank());
  }

  /**
   * The entries of a list field: strings, or objects with a {@code value} (or {@code term}, {@code synonym}) and
   * optional {@code status} and {@code type}.
   */
  static List<ListEntry> entries(Item item, String field) {
    Object v = item.fields().get(field);
    List<ListEntry> out = new ArrayList<>();
    if (v instanceof List<?> list) {
      for (Object e : list) {
        if (e instanceof String s) {
          if (!s.isBlank()) {
            out.add(new ListEntry(s, Optional.empty(), Optional.empty()));
          }
        } else if (e instanceof Map<?, ?> m) {
          Object value = m.get("value");
          if (value == null) {
            value = m.get("term");
          }
          if (value == null) {
            value = m.get("synonym");
          }
          if (value instanceof String s && !s.isBlank()) {
            out.add(new ListEntry(s, optString(m.get("status")), optString(m.get("type"))));
          }
        }
      }
    } else if (v instanceof String s && !s.isBlank()) {
      out.add(new ListEntry(s, Optional.empty(), Optional.empty()));
    }
    return out;
  }

  private static Optional<String> optString(Object o) {
    return o instanceof String s && !s.isBlank() ? Optional.of(s.strip()) : Optional.empty();
  }

  /** One entry of a list field. */
  record ListEntry(String value, Optional<String> status, Optional<String> type) {}
}
