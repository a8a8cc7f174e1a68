package dev.deja.testkit;

import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import java.util.List;
import java.util.Map;

/** Small specs for engine contract tests, built from trees (no YAML needed). */
public final class TestSpecs {
  private TestSpecs() {}

  /** Events with a ±2 h window, exact + fuzzy (sequence ≥ 0.6) on the title; policy as given. */
  public static CollectionSpec events(String onDuplicate) {
    return SpecReader.read(Map.of(
        "name", "events",
        "fields", Map.of("title", Map.of("type", "text", "required", true),
            "start", Map.of("type", "timestamp", "required", true),
            "end", Map.of("type", "timestamp"),
            "all_day", Map.of("type", "boolean")),
        "time_window", Map.of("start_field", "start", "end_field", "end", "all_day_field", "all_day",
            "time_window_hours", 2),
        "stages", orderedStages(),
        "policy", Map.of("on_duplicate", onDuplicate, "on_possible_duplicate", "warn")), "events");
  }

  /**
   * Events like {@link #events} with time zones and recurring series ({@code rrule}, {@code exdates}; materialised for
   * 120 days): the engine's recurrence contract.
   */
  public static CollectionSpec recurringEvents(String onDuplicate) {
    Map<String, Object> fields = new java.util.LinkedHashMap<>();
    fields.put("title", Map.of("type", "text", "required", true));
    fields.put("start", Map.of("type", "timestamp", "required", true));
    fields.put("end", Map.of("type", "timestamp"));
    fields.put("all_day", Map.of("type", "boolean"));
    fields.put("time_zone", Map.of("type", "keyword"));
    fields.put("rrule", Map.of("type", "keyword"));
    fields.put("exdates", Map.of("type", "list"));
    return SpecReader.read(Map.of(
        "name", "recurring",
        "fields", fields,
        "time_window", Map.of("start_field", "start", "end_field", "end", "all_day_field", "all_day",
            "time_zone_field", "time_zone", "default_time_zone", "UTC", "time_window_hours", 2),
        "recurrence", Map.of("rule_field", "rrule", "exdates_field", "exdates", "horizon_days", 120),
        "stages", orderedStages(),
        "policy", Map.of("on_duplicate", onDuplicate, "on_possible_duplicate", "warn", "merge", "replace")),
        "recurring");
  }

  /** Notes per owner: exact + fuzzy (sequence ≥ 0.85, possible from 0.6); policy as given. */
  public static CollectionSpec notes(String onDuplicate) {
    return SpecReader.read(Map.of(
        "name", "notes",
        "fields", Map.of("text", Map.of("type", "text", "required", true), "owner", Map.of("type", "keyword"),
            "status", Map.of("type", "keyword")),
        "scope", Map.of("owner", Map.of("match", "equal")),
        "status", Map.of("field", "status", "exclude_statuses", List.of("archived")),
        "stages", new java.util.LinkedHashMap<>(Map.of(
            "fuzzy", Map.of("type", "fuzzy", "field", "text", "measure", "sequence", "similarity_threshold", 0.85,
                "possible_threshold", 0.6))),
        "policy", Map.of("on_duplicate", onDuplicate, "on_possible_duplicate", "warn")), "notes");
  }

  private static Map<String, Object> orderedStages() {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("exact", Map.of("type", "exact", "fields", List.of("title"), "case_sensitive", false,
        "analyzer", "standard"));
    m.put("fuzzy", Map.of("type", "fuzzy", "field", "title", "measure", "sequence", "similarity_threshold", 0.6));
    return m;
  }
}
