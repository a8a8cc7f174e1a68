package dev.deja.core.engine;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.Stage;
import dev.deja.core.index.TimeFilter;
import dev.deja.core.item.FieldType;
import dev.deja.core.item.Item;
import dev.deja.core.item.ItemKeys;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.item.UnicodeText;
import dev.deja.core.normalize.TextSteps;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.FieldSpec;
import dev.deja.core.spec.Options;
import dev.deja.core.spec.ScopeKeySpec;
import dev.deja.core.spec.WindowSpec;
import dev.deja.core.time.Temporals;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Validates items against a spec and derives what the engine and stores need: the canonical scope, the status, the
 * lookup keys and terms, the time span, and the time-window clauses for candidate queries.
 *
 * <p>Thread-safe: immutable.
 */
public final class ItemPreparer {
  private static final String NULL_MARK = "\u2400";

  private final CollectionSpec spec;
  private final List<Stage> stages;

  public ItemPreparer(CollectionSpec spec, List<Stage> stages) {
    this.spec = spec;
    this.stages = List.copyOf(stages);
  }

  /**
   * An item ready for a check or a write.
   *
   * @param tenant the tenant
   * @param item the validated item
   * @param keys what to store with it
   * @param queryKeys keys to look up for it
   * @param scopeValues the canonical scope values, for explanations
   */
  public record Prepared(String tenant, Item item, ItemKeys keys, Set<String> queryKeys, Map<String, String> scopeValues) {}

  /** Validates and prepares an item. */
  public Prepared prepare(String tenant, Item item) {
    if (tenant.isBlank()) {
      throw new InvalidInputException("tenant: must not be blank");
    }
    validate(item);
    Map<String, String> scopeValues = new java.util.LinkedHashMap<>();
    for (ScopeKeySpec k : spec.scope()) {
      scopeValues.put(k.field(), canonicalScopeValue(k, item.fields().get(k.field())));
    }
    String scope = scopeOf(tenant, scopeValues);
    String status = spec.statusField().flatMap(item::findString).map(s -> s.strip().toLowerCase(Locale.ROOT))
        .orElse("");
    Set<String> keys = new HashSet<>();
    Set<String> queryKeys = new HashSet<>();
    Set<String> terms = new HashSet<>();
    for (Stage s : stages) {
      keys.addAll(s.indexKeys(item));
      queryKeys.addAll(s.queryKeys(item));
      terms.addAll(s.lexicalTerms(item));
    }
    Optional<TimeSpan> time = spec.window().map(w -> span(w, item));
    return new Prepared(tenant, item, new ItemKeys(scope, status, keys, terms, time), queryKeys, scopeValues);
  }

  /**
   * Prepares a search probe: only the scope fields and the searched field are given, so required fields and the time
   * window are not checked; unknown fields and wrong types still are.
   */
  public Prepared prepareForSearch(String tenant, Item item) {
    if (tenant.isBlank()) {
      throw new InvalidInputException("tenant: must not be blank");
    }
    for (Map.Entry<String, Object> e : item.fields().entrySet()) {
      UnicodeText.requireAll("field '" + e.getKey() + "'", e.getValue());
      FieldSpec f = spec.fields().get(e.getKey());
      if (f == null) {
        throw new dev.deja.core.UnknownFieldException(e.getKey(), "unknown field '" + e.getKey() + "'; collection '"
            + spec.name() + "' has fields: " + String.join(", ", spec.fields().keySet()));
      }
      checkType(f, e.getValue());
    }
    Map<String, String> scopeValues = new java.util.LinkedHashMap<>();
    for (ScopeKeySpec k : spec.scope()) {
      scopeValues.put(k.field(), canonicalScopeValue(k, item.fields().get(k.field())));
    }
    Set<String> queryKeys = new HashSet<>();
    Set<String> terms = new HashSet<>();
    for (Stage s : stages) {
      queryKeys.addAll(s.queryKeys(item));
      terms.addAll(s.lexicalTerms(item));
    }
    return new Prepared(tenant, item, new ItemKeys(scopeOf(tenant, scopeValues), "", Set.of(), terms,
        Optional.empty()), queryKeys, scopeValues);
  }

  /** The time-window clauses for a new item's candidate query (empty without a window). */
  public List<TimeFilter> timeFilters(Optional<TimeSpan> time) {
    if (spec.window().isEmpty() || time.isEmpty()) {
      return List.of();
    }
    WindowSpec w = spec.window().get();
    TimeSpan t = time.get();
    List<TimeFilter> out = new ArrayList<>();
    if (t.allDay()) {
      out.add(new TimeFilter(w.allDay() == WindowSpec.AllDayRule.SAME_DATES
          ? TimeFilter.Kind.ALL_DAY_SAME_DATES : TimeFilter.Kind.ALL_DAY_OVERLAPPING, t.startDay(), t.endDay()));
      if (w.mixed() == WindowSpec.MixedRule.SAME_DATE) {
        out.add(new TimeFilter(TimeFilter.Kind.TIMED_START_ON_DAYS, t.startDay(), t.endDay()));
      }
    } else {
      long tol = w.tolerance().toMillis();
      out.add(new TimeFilter(TimeFilter.Kind.TIMED_START_BETWEEN, t.startMillis() - tol, t.startMillis() + tol));
      if (w.mixed() == WindowSpec.MixedRule.SAME_DATE) {
        out.add(new TimeFilter(TimeFilter.Kind.ALL_DAY_OVERLAPPING, t.startDay(), t.startDay()));
      }
    }
    return out;
  }

  private void validate(Item item) {
    for (Map.Entry<String, Object> e : item.fields().entrySet()) {
      UnicodeText.requireAll("field '" + e.getKey() + "'", e.getValue());
      FieldSpec f = spec.fields().get(e.getKey());
      if (f == null) {
        throw new dev.deja.core.UnknownFieldException(e.getKey(), "unknown field '" + e.getKey() + "'; collection '"
            + spec.name() + "' has fields: " + String.join(", ", spec.fields().keySet()));
      }
      checkType(f, e.getValue());
    }
    for (FieldSpec f : spec.fields().values()) {
      if (f.required()) {
        Object v = item.fields().get(f.name());
        if (v == null || v instanceof String s && s.isBlank() || v instanceof List<?> l && l.isEmpty()) {
          throw new InvalidInputException("field '" + f.name() + "' is required");
        }
      }
    }
  }

  private static void checkType(FieldSpec f, Object v) {
    if (v == null) {
      return;
    }
    String where = "field '" + f.name() + "'";
    switch (f.type()) {
      case TEXT, KEYWORD -> {
        if (!(v instanceof String)) {
          throw new InvalidInputException(where + ": must be a string, got " + Options.describe(v));
        }
      }
      case LIST -> {
        if (!(v instanceof List<?> list)) {
          throw new InvalidInputException(where + ": must be a list, got " + Options.describe(v));
        }
        for (int i = 0; i < list.size(); i++) {
          Object e = list.get(i);
          if (!(e instanceof String) && !(e instanceof Map<?, ?>)) {
            throw new InvalidInputException(where + "[" + i + "]: must be a string, got " + Options.describe(e));
          }
          if (e instanceof Map<?, ?> m && !(m.get("value") instanceof String) && !(m.get("term") instanceof String)
              && !(m.get("synonym") instanceof String)) {
            throw new InvalidInputException(where + "[" + i + "]: an object entry needs a string 'value'");
          }
        }
      }
      case TIMESTAMP, DATE -> {
        if (!(v instanceof String s)) {
          throw new InvalidInputException(where + ": must be a date or date-time string, got " + Options.describe(v));
        }
        if (f.type() == FieldType.DATE) {
          Temporals.date(f.name(), s, ZoneId.of("UTC"));
        } else if (Temporals.isDate(s)) {
          Temporals.date(f.name(), s, ZoneId.of("UTC"));
        } else {
          Temporals.dateTime(f.name(), s, ZoneId.of("UTC"));
        }
      }
      case BOOLEAN -> {
        if (!(v instanceof Boolean)) {
          throw new InvalidInputException(where + ": must be true or false, got " + Options.describe(v));
        }
      }
      case NUMBER -> {
        if (!(v instanceof Number)) {
          throw new InvalidInputException(where + ": must be a number, got " + Options.describe(v));
        }
      }
      default -> throw new IllegalStateException("unknown type " + f.type());
    }
  }

  private TimeSpan span(WindowSpec w, Item item) {
    String startText = item.findString(w.startField()).filter(s -> !s.isBlank()).orElseThrow(
        () -> new InvalidInputException("field '" + w.startField() + "' is required (the collection has a time window)"));
    ZoneId zone = w.timeZoneField().flatMap(item::findString).filter(s -> !s.isBlank())
        .map(z -> Temporals.zone(w.timeZoneField().get(), z)).orElse(w.defaultZone());
    Optional<String> endText = w.endField().flatMap(item::findString).filter(s -> !s.isBlank());
    boolean allDay = w.allDayField().flatMap(item::find).map(v -> (Boolean) v)
        .orElse(Temporals.isDate(startText));
    if (allDay) {
      LocalDate start = Temporals.date(w.startField(), startText, zone);
      LocalDate end = endText.map(e -> Temporals.date(w.endField().get(), e, zone)).orElse(start);
      if (end.isBefore(start)) {
        throw new InvalidInputException("field '" + w.endField().orElse("end") + "': the last day " + end
            + " is before the first day " + start + " (the end of an all-day item is inclusive)");
      }
      long startMillis = start.atStartOfDay(zone).toInstant().toEpochMilli();
      long endMillis = end.plusDays(1).atStartOfDay(zone).toInstant().toEpochMilli() - 1;
      return new TimeSpan(true, startMillis, endMillis, start.toEpochDay(), end.toEpochDay());
    }
    if (Temporals.isDate(startText)) {
      throw new InvalidInputException("field '" + w.startField() + "': '" + startText
          + "' is a date, but the item is not all-day; give a date-time or set all-day");
    }
    ZonedDateTime start = Temporals.dateTime(w.startField(), startText, zone);
    ZonedDateTime end = endText.map(e -> Temporals.isDate(e)
        ? Temporals.date(w.endField().get(), e, zone).atStartOfDay(zone)
        : Temporals.dateTime(w.endField().get(), e, zone)).orElse(start);
    if (end.isBefore(start)) {
      throw new InvalidInputException("field '" + w.endField().orElse("end") + "': the end " + endText.orElse("")
          + " is before the start " + startText);
    }
    return new TimeSpan(false, start.toInstant().toEpochMilli(), end.toInstant().toEpochMilli(),
        start.toLocalDate().toEpochDay(), end.toLocalDate().toEpochDay());
  }

  /** The canonical value of one scope field: trimmed, white space collapsed, case-folded unless case-sensitive. */
  static String canonicalScopeValue(ScopeKeySpec k, Object v) {
    if (k.match() == ScopeKeySpec.Match.SET) {
      if (v == null) {
        return k.nullEqualsEmpty() ? "[]" : NULL_MARK;
      }
      TreeSet<String> set = new TreeSet<>();
      List<?> list = v instanceof List<?> l ? l : List.of(v);
      for (Object e : list) {
        Object value = e instanceof Map<?, ?> m ? m.get("value") : e;
        if (value != null) {
          String s = canonical(value.toString(), k.caseSensitive());
          if (!s.isEmpty()) {
            set.add(s);
          }
        }
      }
      return "[" + String.join("\u001f", set) + "]";
    }
    if (v == null) {
      return k.nullEqualsEmpty() ? "" : NULL_MARK;
    }
    return canonical(v.toString(), k.caseSensitive());
  }

  private static String canonical(String s, boolean caseSensitive) {
    String t = TextSteps.whitespace(TextSteps.nfkc(s)).replace('\u001e', ' ').replace('\u001f', ' ');
    return caseSensitive ? t : t.toLowerCase(Locale.ROOT);
  }

  /** The scope value stored and queried: the tenant, then a digest of the canonical scope field values. */
  static String scopeOf(String tenant, Map<String, String> values) {
    if (values.isEmpty()) {
      return tenant + "#";
    }
    StringBuilder sb = new StringBuilder();
    values.forEach((k, v) -> sb.append(k).append('=').append(v).append('\u001e'));
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(sb.toString().getBytes(StandardCharsets.UTF_8));
      return tenant + "#" + Base64.getUrlEncoder().withoutPadding().encodeToString(d).substring(0, 22);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always available", e);
    }
  }
}
