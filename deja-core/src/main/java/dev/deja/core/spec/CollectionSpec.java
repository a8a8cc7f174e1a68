package dev.deja.core.spec;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.FieldType;
import dev.deja.core.normalize.Analyzer;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Everything that defines a collection's notion of "duplicate": its fields, analyzers, scope, time window, excluded
 * statuses, candidate lookup, stages, guards and policy. Built from YAML or JSON by {@link SpecReader}, or directly.
 *
 * <p>Validated on construction: every field a scope key, window, status or stage refers to must be declared, stage and
 * guard names are unique. Immutable; thread-safe.
 *
 * @param name the collection or preset name
 * @param description one line for humans
 * @param fields declared fields, in order
 * @param analyzers analyzers defined by the spec (the built-in ones are always available)
 * @param scope scope keys, in order; the tenant is always part of the scope
 * @param window the time window rule, if items happen at a time
 * @param statusField the field holding a status, if any
 * @param excludedStatuses statuses (compared case-insensitively) whose items never match: the design's
 *     {@code exclude_statuses}
 * @param candidates candidate lookup settings
 * @param stages the cascade, in order
 * @param earlyTermination whether the cascade stops at the first stage that finds a match
 * @param guards guards applied to matches
 * @param policy what writes do with verdicts
 * @param recurrence how recurring items (RRULE series) are expanded, if the collection has them
 */
public record CollectionSpec(
    String name,
    String description,
    Map<String, FieldSpec> fields,
    Map<String, Analyzer> analyzers,
    List<ScopeKeySpec> scope,
    Optional<WindowSpec> window,
    Optional<String> statusField,
    Set<String> excludedStatuses,
    CandidateSpec candidates,
    List<StageSpec> stages,
    boolean earlyTermination,
    List<GuardSpec> guards,
    PolicySpec policy,
    Optional<RecurrenceSpec> recurrence) {

  /** A spec without recurring items. */
  public CollectionSpec(String name, String description, Map<String, FieldSpec> fields, Map<String, Analyzer> analyzers,
      List<ScopeKeySpec> scope, Optional<WindowSpec> window, Optional<String> statusField, Set<String> excludedStatuses,
      CandidateSpec candidates, List<StageSpec> stages, boolean earlyTermination, List<GuardSpec> guards,
      PolicySpec policy) {
    this(name, description, fields, analyzers, scope, window, statusField, excludedStatuses, candidates, stages,
        earlyTermination, guards, policy, Optional.empty());
  }

  public CollectionSpec {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    analyzers = Collections.unmodifiableMap(new LinkedHashMap<>(analyzers));
    scope = List.copyOf(scope);
    Objects.requireNonNull(window, "window");
    Objects.requireNonNull(statusField, "statusField");
    Set<String> statuses = new TreeSet<>();
    for (String s : excludedStatuses) {
      statuses.add(s.strip().toLowerCase(java.util.Locale.ROOT));
    }
    excludedStatuses = Collections.unmodifiableSet(statuses);
    Objects.requireNonNull(candidates, "candidates");
    stages = List.copyOf(stages);
    guards = List.copyOf(guards);
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(recurrence, "recurrence");
    validate(name, fields, analyzers, scope, window, statusField, stages, guards);
    if (recurrence.isPresent()) {
      RecurrenceSpec r = recurrence.get();
      if (window.isEmpty()) {
        throw new InvalidInputException("recurrence: needs a time_window (occurrences are found by time)");
      }
      FieldSpec rule = fields.get(r.ruleField());
      if (rule == null || rule.type() != dev.deja.core.item.FieldType.KEYWORD
          && rule.type() != dev.deja.core.item.FieldType.TEXT) {
        throw new InvalidInputException("recurrence.rule_field: '" + r.ruleField()
            + "' must be a declared keyword field");
      }
      FieldSpec ex = fields.get(r.exdatesField());
      if (ex == null || ex.type() != dev.deja.core.item.FieldType.LIST) {
        throw new InvalidInputException("recurrence.exdates_field: '" + r.exdatesField()
            + "' must be a declared list field");
      }
    }
  }

  /** The analyzer with this name: one defined by the spec, else a built-in one. */
  public Analyzer analyzer(String analyzerName, String where) {
    Analyzer a = analyzers.get(analyzerName);
    if (a == null) {
      a = Analyzer.BUILT_IN.get(analyzerName);
    }
    if (a == null) {
      Set<String> known = new TreeSet<>(Analyzer.BUILT_IN.keySet());
      known.addAll(analyzers.keySet());
      throw new InvalidInputException(where + ": unknown analyzer '" + analyzerName + "'; known analyzers: " + known);
    }
    return a;
  }

  /** The declared field, or an error naming where it was referred to. */
  public FieldSpec field(String fieldName, String where) {
    FieldSpec f = fields.get(fieldName);
    if (f == null) {
      throw new InvalidInputException(
          where + ": unknown field '" + fieldName + "'; declared fields: " + String.join(", ", fields.keySet()));
    }
    return f;
  }

  /**
   * The declared field a stage or guard reads one value of, or an error naming where it was referred to: it must exist
   * and must not be a list, which holds no single value (the reader would never find one, so it would never match).
   */
  public FieldSpec singleValuedField(String fieldName, String where) {
    FieldSpec f = field(fieldName, where);
    if (f.type() == FieldType.LIST) {
      throw new InvalidInputException(where + ": field '" + fieldName + "' is a list, and this compares one value "
          + "per item, so it would never find one; name a text or keyword field");
    }
    return f;
  }

  /** The stage spec with this name. */
  public Optional<StageSpec> stage(String stageName) {
    return stages.stream().filter(s -> s.name().equals(stageName)).findFirst();
  }

  /** A copy with other stages (used to evaluate a different measure or threshold). */
  public CollectionSpec withStages(List<StageSpec> newStages) {
    return new CollectionSpec(name, description, fields, analyzers, scope, window, statusField, excludedStatuses,
        candidates, newStages, earlyTermination, guards, policy, recurrence);
  }

  /** A copy with another policy. */
  public CollectionSpec withPolicy(PolicySpec newPolicy) {
    return new CollectionSpec(name, description, fields, analyzers, scope, window, statusField, excludedStatuses,
        candidates, stages, earlyTermination, guards, newPolicy, recurrence);
  }

  /** A copy under another name. */
  public CollectionSpec withName(String newName) {
    return new CollectionSpec(newName, description, fields, analyzers, scope, window, statusField, excludedStatuses,
        candidates, stages, earlyTermination, guards, policy, recurrence);
  }

  private static void validate(String name, Map<String, FieldSpec> fields, Map<String, Analyzer> analyzers,
      List<ScopeKeySpec> scope, Optional<WindowSpec> window, Optional<String> statusField, List<StageSpec> stages,
      List<GuardSpec> guards) {
    if (name.isBlank()) {
      throw new InvalidInputException("name: must not be blank");
    }
    for (FieldSpec f : fields.values()) {
      if (!analyzers.containsKey(f.analyzer()) && !Analyzer.BUILT_IN.containsKey(f.analyzer())) {
        throw new InvalidInputException("fields." + f.name() + ".analyzer: unknown analyzer '" + f.analyzer() + "'");
      }
    }
    Set<String> scopeFields = new HashSet<>();
    for (ScopeKeySpec k : scope) {
      FieldSpec f = fields.get(k.field());
      if (f == null) {
        throw new InvalidInputException("scope." + k.field() + ": not a declared field");
      }
      if (!scopeFields.add(k.field())) {
        throw new InvalidInputException("scope." + k.field() + ": listed twice");
      }
      if (k.match() == ScopeKeySpec.Match.SET && f.type() != FieldType.LIST) {
        throw new InvalidInputException("scope." + k.field() + ": match 'set' needs a list field, '" + k.field()
            + "' is " + f.type().specName());
      }
      if (k.match() == ScopeKeySpec.Match.EQUAL && f.type() == FieldType.LIST) {
        throw new InvalidInputException("scope." + k.field() + ": match 'equal' needs a single-valued field");
      }
    }
    window.ifPresent(w -> {
      requireType(fields, w.startField(), "time_window.start_field", FieldType.TIMESTAMP, FieldType.DATE);
      w.endField().ifPresent(e -> requireType(fields, e, "time_window.end_field", FieldType.TIMESTAMP, FieldType.DATE));
      w.allDayField().ifPresent(a -> requireType(fields, a, "time_window.all_day_field", FieldType.BOOLEAN));
      w.timeZoneField().ifPresent(z ->
          requireType(fields, z, "time_window.time_zone_field", FieldType.KEYWORD, FieldType.TEXT));
    });
    statusField.ifPresent(s -> requireType(fields, s, "status.field", FieldType.KEYWORD, FieldType.TEXT));
    Set<String> stageNames = new HashSet<>();
    for (StageSpec s : stages) {
      if (!stageNames.add(s.name())) {
        throw new InvalidInputException("stages." + s.name() + ": stage name used twice");
      }
      if (s.name().isEmpty() || s.name().indexOf('|') >= 0) {
        // A stage's index keys are "name|value": a '|' in a name would let two stages' keys collide.
        throw new InvalidInputException("stages." + s.name() + ": a stage name must be non-empty and must not "
            + "contain '|'");
      }
    }
    Set<String> guardNames = new HashSet<>();
    for (GuardSpec g : guards) {
      if (!guardNames.add(g.name())) {
        throw new InvalidInputException("guards." + g.name() + ": guard name used twice");
      }
    }
  }

  private static void requireType(Map<String, FieldSpec> fields, String field, String where, FieldType... types) {
    FieldSpec f = fields.get(field);
    if (f == null) {
      throw new InvalidInputException(where + ": '" + field + "' is not a declared field");
    }
    for (FieldType t : types) {
      if (f.type() == t) {
        return;
      }
    }
    throw new InvalidInputException(where + ": field '" + field + "' must be of type "
        + java.util.Arrays.stream(types).map(FieldType::specName).toList() + ", not " + f.type().specName());
  }
}
