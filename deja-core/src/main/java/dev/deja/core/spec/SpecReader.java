package dev.deja.core.spec;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.FieldType;
import dev.deja.core.normalize.Analyzer;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a {@link CollectionSpec} from a configuration tree (what a YAML or JSON parser produces: maps, lists, strings,
 * numbers, booleans). Every mistake is an {@link InvalidInputException} naming the key path and the value.
 *
 * <p>The tree's shape is documented in {@code docs/CONFIGURATION.md}; in short:
 *
 * <pre>{@code
 * name: calendar
 * fields:      {title: {type: text, required: true}, start: {type: timestamp}, ...}
 * analyzers:   {title: {base: standard, abbreviations: {dr: doctor}, stopwords: [the]}}
 * scope:       {owner: {match: equal, case_sensitive: true, null_equals_empty: true}}
 * time_window: {start_field: start, end_field: end, all_day_field: all_day, time_window_hours: 2}
 * status:      {field: status, exclude_statuses: [archived]}
 * candidates:  {max_candidates: 100, window_scan: true}
 * stages:      {exact: {type: exact, fields: [title]}, fuzzy: {type: fuzzy, field: title, measure: sequence,
 *               similarity_threshold: 0.30}}
 * stage_order: [exact, fuzzy]
 * early_termination: false
 * guards:      {}
 * policy:      {on_duplicate: reject, on_possible_duplicate: warn, merge: refresh}
 * }</pre>
 *
 * <p>Stages, guards, fields and scope keys are maps keyed by name so that a user's {@code deja.yaml} can override one
 * setting of a preset by deep merging ({@link Trees#deepMerge}). Thread-safe: stateless.
 */
public final class SpecReader {
  private SpecReader() {}

  /** Keys allowed at the top level of a spec tree. */
  public static final List<String> TOP_LEVEL_KEYS = List.of("name", "description", "preset", "fields", "analyzers",
      "scope", "time_window", "status", "candidates", "stages", "stage_order", "early_termination", "guards",
      "policy", "recurrence");

  /** Reads a spec; {@code name} defaults to the given one when the tree has none. */
  public static CollectionSpec read(Map<String, Object> tree, String defaultName) {
    Options root = new Options("", tree);
    String name = root.string("name", defaultName);
    String description = root.string("description", "");
    root.raw("preset");

    Map<String, Analyzer> analyzers = readAnalyzers(root.object("analyzers"));
    Map<String, FieldSpec> fields = readFields(root.object("fields"));
    if (fields.isEmpty()) {
      throw new InvalidInputException("fields: a collection needs at least one field");
    }
    List<ScopeKeySpec> scope = readScope(root.object("scope"));
    Optional<WindowSpec> window = root.has("time_window") && root.raw("time_window") != null
        ? Optional.of(readWindow(root.object("time_window")))
        : Optional.empty();
    Options status = root.object("status");
    Optional<String> statusField = status.optionalString("field");
    List<String> excluded = status.strings("exclude_statuses", List.of());
    status.rejectUnknown();
    if (!excluded.isEmpty() && statusField.isEmpty()) {
      throw new InvalidInputException("status.exclude_statuses: needs status.field");
    }
    Options cand = root.object("candidates");
    CandidateSpec candidates = new CandidateSpec(
        cand.integer("max_candidates", 100, 1, 100_000), cand.bool("window_scan", window.isPresent()));
    cand.rejectUnknown();
    List<StageSpec> stages = readStages(root.object("stages"), root.strings("stage_order", List.of()));
    boolean early = root.bool("early_termination", false);
    List<GuardSpec> guards = readGuards(root.object("guards"));
    PolicySpec policy = readPolicy(root.object("policy"));
    Optional<RecurrenceSpec> recurrence = Optional.empty();
    if (root.has("recurrence") && root.raw("recurrence") != null) {
      Options r = root.object("recurrence");
      recurrence = Optional.of(new RecurrenceSpec(r.string("rule_field", "rrule"), r.string("exdates_field", "exdates"),
          r.integer("horizon_days", 730, 1, 36_600), r.integer("max_occurrences", 1000, 1, 100_000)));
      r.rejectUnknown();
    }
    root.rejectUnknown();
    return new CollectionSpec(name, description, fields, analyzers, scope, window, statusField,
        Set.copyOf(excluded), candidates, stages, early, guards, policy, recurrence);
  }

  private static Map<String, Analyzer> readAnalyzers(Options o) {
    Map<String, Analyzer> out = new LinkedHashMap<>();
    for (String name : o.keys()) {
      if (Analyzer.BUILT_IN.containsKey(name)) {
        throw new InvalidInputException(o.at(name) + ": '" + name + "' is a built-in analyzer; choose another name");
      }
      Options a = o.object(name);
      List<String> steps;
      if (a.has("steps")) {
        steps = a.strings("steps", List.of());
        if (a.has("base")) {
          throw new InvalidInputException(o.at(name) + ": give either 'base' or 'steps', not both");
        }
      } else {
        String base = a.string("base", "standard");
        Analyzer b = Analyzer.BUILT_IN.get(base);
        if (b == null) {
          throw new InvalidInputException(a.at("base") + ": unknown analyzer '" + base + "'; known: "
              + new java.util.TreeSet<>(Analyzer.BUILT_IN.keySet()));
        }
        steps = b.steps();
      }
      Map<String, String> abbr = new LinkedHashMap<>();
      a.map("abbreviations").forEach((k, v) -> {
        if (!(v instanceof String s)) {
          throw new InvalidInputException(a.at("abbreviations") + "." + k + ": must be a string, got "
              + Options.describe(v));
        }
        abbr.put(k, s);
      });
      List<String> stops = a.strings("stopwords", List.of());
      a.rejectUnknown();
      try {
        out.put(name, new Analyzer(name, steps, abbr, Set.copyOf(stops)));
      } catch (InvalidInputException e) {
        throw new InvalidInputException(o.at(name) + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  private static Map<String, FieldSpec> readFields(Options o) {
    Map<String, FieldSpec> out = new LinkedHashMap<>();
    for (String name : o.keys()) {
      if (name.isBlank() || name.equals("id")) {
        throw new InvalidInputException(o.at(name) + ": '" + name + "' cannot be a field name");
      }
      Object raw = o.raw(name);
      if (raw == null) {
        continue; // removed by an override (a preset's text field replaced by a set's own fields)
      }
      Options f = raw instanceof String ? new Options(o.at(name), Map.of("type", raw)) : o.object(name);
      String typeName = f.choice("type", null, "text", "keyword", "list", "timestamp", "date", "boolean", "number");
      if (typeName == null) {
        throw new InvalidInputException(f.at("type") + ": is required (text, keyword, list, timestamp, date, "
            + "boolean, number)");
      }
      FieldType type = FieldType.valueOf(typeName.toUpperCase(Locale.ROOT));
      String analyzer = f.string("analyzer", "standard");
      boolean required = f.bool("required", false);
      f.rejectUnknown();
      out.put(name, new FieldSpec(name, type, analyzer, required));
    }
    return out;
  }

  private static List<ScopeKeySpec> readScope(Options o) {
    List<ScopeKeySpec> out = new ArrayList<>();
    for (String field : o.keys()) {
      Object raw = o.raw(field);
      if (raw == null) {
        continue; // a user's override may remove a preset's scope key with null
      }
      Options k = o.object(field);
      String match = k.choice("match", "equal", "equal", "set");
      boolean caseSensitive = k.bool("case_sensitive", true);
      boolean nullEqualsEmpty = k.bool("null_equals_empty", true);
      k.rejectUnknown();
      out.add(new ScopeKeySpec(field, match.equals("set") ? ScopeKeySpec.Match.SET : ScopeKeySpec.Match.EQUAL,
          caseSensitive, nullEqualsEmpty));
    }
    return out;
  }

  private static WindowSpec readWindow(Options o) {
    String start = o.string("start_field", "start");
    Optional<String> end = o.optionalString("end_field");
    Optional<String> allDay = o.optionalString("all_day_field");
    Optional<String> zoneField = o.optionalString("time_zone_field");
    String zoneName = o.string("default_time_zone", "UTC");
    ZoneId zone;
    try {
      zone = ZoneId.of(zoneName);
    } catch (DateTimeException e) {
      throw new InvalidInputException(o.at("default_time_zone") + ": unknown time zone '" + zoneName + "'");
    }
    Duration tolerance;
    if (o.has("time_window_minutes")) {
      if (o.has("time_window_hours")) {
        throw new InvalidInputException(o.path() + ": give time_window_hours or time_window_minutes, not both");
      }
      tolerance = Duration.ofSeconds(Math.round(o.number("time_window_minutes", 120, 0, 525_600) * 60));
    } else {
      tolerance = Duration.ofSeconds(Math.round(o.number("time_window_hours", 2, 0, 8_760) * 3600));
    }
    String allDayRule = o.choice("all_day", "same_dates", "same_dates", "overlap");
    String mixed = o.choice("timed_vs_all_day", "never", "never", "same_date");
    o.rejectUnknown();
    return new WindowSpec(start, end, allDay, zoneField, zone, tolerance,
        allDayRule.equals("overlap") ? WindowSpec.AllDayRule.OVERLAP : WindowSpec.AllDayRule.SAME_DATES,
        mixed.equals("same_date") ? WindowSpec.MixedRule.SAME_DATE : WindowSpec.MixedRule.NEVER);
  }

  private static List<StageSpec> readStages(Options o, List<String> order) {
    Map<String, StageSpec> byName = new LinkedHashMap<>();
    for (String name : o.keys()) {
      Object raw = o.raw(name);
      if (raw == null) {
        continue; // removed by an override
      }
      Options s = o.object(name);
      String type = s.optionalString("type").orElse(name);
      boolean enabled = s.bool("enabled", true);
      Map<String, Object> options = new LinkedHashMap<>();
      for (String k : s.keys()) {
        if (!k.equals("type") && !k.equals("enabled") && s.raw(k) != null) {
          options.put(k, s.raw(k)); // a null value is an override removing the key
        }
      }
      byName.put(name, new StageSpec(name, type, enabled, options));
    }
    if (order.isEmpty()) {
      return List.copyOf(byName.values());
    }
    List<StageSpec> out = new ArrayList<>();
    for (String n : order) {
      StageSpec s = byName.get(n);
      if (s == null) {
        throw new InvalidInputException("stage_order: unknown stage '" + n + "'; stages: " + byName.keySet());
      }
      if (out.contains(s)) {
        throw new InvalidInputException("stage_order: stage '" + n + "' listed twice");
      }
      out.add(s);
    }
    for (StageSpec s : byName.values()) {
      if (!out.contains(s)) {
        throw new InvalidInputException("stage_order: stage '" + s.name() + "' is missing from the order "
            + order + " (disable it with enabled: false instead)");
      }
    }
    return out;
  }

  private static List<GuardSpec> readGuards(Options o) {
    List<GuardSpec> out = new ArrayList<>();
    for (String name : o.keys()) {
      Object raw = o.raw(name);
      if (raw == null) {
        continue;
      }
      Options g = o.object(name);
      String type = g.optionalString("type").orElse(name);
      if (!g.bool("enabled", true)) {
        continue;
      }
      Map<String, Object> options = new LinkedHashMap<>();
      for (String k : g.keys()) {
        if (!k.equals("type") && !k.equals("enabled") && g.raw(k) != null) {
          options.put(k, g.raw(k));
        }
      }
      out.add(new GuardSpec(name, type, options));
    }
    return out;
  }

  private static PolicySpec readPolicy(Options o) {
    String dup = o.choice("on_duplicate", "reject", "reject", "merge", "warn", "allow");
    String possible = o.choice("on_possible_duplicate", "warn", "reject", "warn", "allow");
    String merge = o.choice("merge", "refresh", "refresh", "replace");
    o.rejectUnknown();
    return new PolicySpec(PolicySpec.Mode.valueOf(dup.toUpperCase(Locale.ROOT)),
        PolicySpec.Mode.valueOf(possible.toUpperCase(Locale.ROOT)),
        PolicySpec.MergeStrategy.valueOf(merge.toUpperCase(Locale.ROOT)));
  }
}
