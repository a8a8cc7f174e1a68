package dev.deja.core.store;

import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A stored item as a tree of plain maps, lists, strings, numbers and booleans — the shape the durable stores write as
 * JSON (the Lucene store in a stored field, the PostgreSQL store in a text column) — and back. Vector components are
 * not part of it: each store keeps them in its own binary form.
 *
 * <p>Keys and terms are written sorted; instants as ISO-8601 text (nanoseconds kept). Thread-safe: stateless.
 */
public final class StoredItemMaps {
  private StoredItemMaps() {}

  /**
   * The item as a map, without vector components; with {@code vectorNames}, a {@code vectors} entry lists the names of
   * its vectors, in order.
   */
  public static Map<String, Object> toMap(StoredItem s, boolean vectorNames) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", s.id());
    m.put("tenant", s.tenant());
    m.put("fields", s.item().fields());
    m.put("scope", s.keys().scope());
    m.put("status", s.keys().status());
    m.put("keys", new ArrayList<>(new TreeSet<>(s.keys().keys())));
    m.put("terms", new ArrayList<>(new TreeSet<>(s.keys().terms())));
    s.keys().time().ifPresent(t -> {
      Map<String, Object> tm = new LinkedHashMap<>();
      tm.put("all_day", t.allDay());
      tm.put("start_ms", t.startMillis());
      tm.put("end_ms", t.endMillis());
      tm.put("start_day", t.startDay());
      tm.put("end_day", t.endDay());
      m.put("time", tm);
    });
    if (vectorNames) {
      m.put("vectors", new ArrayList<>(s.vectors().keySet()));
    }
    m.put("version", s.version());
    m.put("created_at", s.createdAt().toString());
    m.put("updated_at", s.updatedAt().toString());
    List<Map<String, Object>> h = new ArrayList<>();
    for (HistoryEntry e : s.history()) {
      Map<String, Object> em = new LinkedHashMap<>();
      em.put("at", e.at().toString());
      em.put("action", e.action());
      e.incoming().ifPresent(i -> em.put("incoming", i.fields()));
      em.put("note", e.note());
      h.add(em);
    }
    m.put("history", h);
    return m;
  }

  /** The vector names listed by {@link #toMap(StoredItem, boolean) toMap(item, true)}, in order. */
  @SuppressWarnings("unchecked")
  public static List<String> vectorNames(Map<String, Object> m) {
    return (List<String>) m.get("vectors");
  }

  /**
   * The item a map written by {@link #toMap} describes, with these vectors.
   *
   * @throws RuntimeException ({@link ClassCastException}, {@link NullPointerException}, ...) when the map is not such
   *     an item; callers report it as a corrupt stored item
   */
  @SuppressWarnings("unchecked")
  public static StoredItem fromMap(Map<String, Object> m, Map<String, float[]> vectors) {
    Optional<TimeSpan> time = Optional.empty();
    if (m.get("time") instanceof Map<?, ?> tm) {
      time = Optional.of(new TimeSpan((Boolean) tm.get("all_day"), num(tm.get("start_ms")), num(tm.get("end_ms")),
          num(tm.get("start_day")), num(tm.get("end_day"))));
    }
    // Set.copyOf de-duplicates the lists; ItemKeys keeps such an immutable set as it is.
    ItemKeys keys = new ItemKeys((String) m.get("scope"), (String) m.get("status"),
        Set.copyOf((List<String>) m.get("keys")), Set.copyOf((List<String>) m.get("terms")), time);
    List<HistoryEntry> history = new ArrayList<>();
    for (Map<String, Object> e : (List<Map<String, Object>>) m.get("history")) {
      Optional<Item> incoming = e.get("incoming") instanceof Map<?, ?> im
          ? Optional.of(new Item((Map<String, Object>) im)) : Optional.empty();
      history.add(new HistoryEntry(instant(e.get("at")), (String) e.get("action"), incoming,
          (String) e.get("note")));
    }
    return new StoredItem((String) m.get("id"), (String) m.get("tenant"),
        new Item((Map<String, Object>) m.get("fields")), keys, vectors, num(m.get("version")),
        instant(m.get("created_at")), instant(m.get("updated_at")), history);
  }

  /**
   * Parses what {@link Instant#toString} wrote ({@code 2026-03-02T14:00:00Z}, with 0–9 fraction digits) without
   * {@link java.time.format.DateTimeFormatter}, which cost about a tenth of a candidate's load; anything else (years
   * beyond 9999, a leap second) goes to {@link Instant#parse}, which gives the same answer or the usual error.
   */
  public static Instant instant(Object value) {
    String s = (String) value;
    int n = s.length();
    if (n < 20 || n > 30 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
        || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z' || (n > 20 && (s.charAt(19) != '.' || n == 21))) {
      return Instant.parse(s);
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 7);
    int day = digits(s, 8, 10);
    int hour = digits(s, 11, 13);
    int minute = digits(s, 14, 16);
    int second = digits(s, 17, 19);
    int fraction = n > 20 ? digits(s, 20, n - 1) : 0;
    if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0
        || second > 59 || fraction < 0) {
      return Instant.parse(s);
    }
    for (int i = n - 1; i < 29; i++) {
      fraction *= 10;
    }
    try {
      long days = LocalDate.of(year, month, day).toEpochDay();
      return Instant.ofEpochSecond(days * 86_400 + hour * 3_600L + minute * 60L + second, fraction);
    } catch (DateTimeException e) {
      return Instant.parse(s);
    }
  }

  /** The decimal number in {@code s[from, to)}, or -1 when a character is not an ASCII digit. */
  private static int digits(String s, int from, int to) {
    int v = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v;
  }

  private static long num(Object o) {
    return ((Number) o).longValue();
  }
}
