package dev.deja.testkit;

import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Builds {@link StoredItem}s for store contract tests without going through a spec. Not thread-safe. */
public final class TestItems {
  private String id;
  private String tenant = "t1";
  private String scope = "t1#";
  private String status = "";
  private Set<String> keys = Set.of();
  private Set<String> terms = Set.of();
  private Optional<TimeSpan> time = Optional.empty();
  private Map<String, Object> fields = new LinkedHashMap<>();
  private Map<String, float[]> vectors = Map.of();
  private Instant at = Instant.parse("2026-01-01T00:00:00Z");

  private TestItems(String id) {
    this.id = id;
    fields.put("text", "item " + id);
  }

  /** Starts an item with this id (tenant t1, scope "t1#", no keys). */
  public static TestItems item(String id) {
    return new TestItems(id);
  }

  public TestItems tenant(String t) {
    this.tenant = t;
    if (scope.startsWith("t1#") && !t.equals("t1")) {
      scope = t + scope.substring(2);
    }
    return this;
  }

  public TestItems scope(String s) {
    this.scope = s;
    return this;
  }

  public TestItems status(String s) {
    this.status = s;
    return this;
  }

  public TestItems keys(String... k) {
    this.keys = Set.of(k);
    return this;
  }

  public TestItems terms(String... t) {
    this.terms = Set.of(t);
    return this;
  }

  /** A timed span starting at the given epoch minute, lasting 30 minutes. */
  public TestItems timedAt(long startMinute) {
    long ms = startMinute * 60_000L;
    long day = Math.floorDiv(ms, 86_400_000L);
    this.time = Optional.of(new TimeSpan(false, ms, ms + 30 * 60_000L, day, Math.floorDiv(ms + 30 * 60_000L,
        86_400_000L)));
    return this;
  }

  /** An all-day span over epoch days [first, last]. */
  public TestItems allDay(long firstDay, long lastDay) {
    this.time = Optional.of(new TimeSpan(true, firstDay * 86_400_000L, (lastDay + 1) * 86_400_000L - 1, firstDay,
        lastDay));
    return this;
  }

  public TestItems field(String name, Object value) {
    fields.put(name, value);
    return this;
  }

  public TestItems vector(String name, float... v) {
    Map<String, float[]> m = new LinkedHashMap<>(vectors);
    m.put(name, v);
    this.vectors = m;
    return this;
  }

  public TestItems at(Instant instant) {
    this.at = instant;
    return this;
  }

  public StoredItem build() {
    return new StoredItem(id, tenant, new Item(fields), new ItemKeys(scope, status, keys, terms, time), vectors, 1,
        at, at, List.of(new HistoryEntry(at, "CREATED", Optional.empty(), "")));
  }
}
