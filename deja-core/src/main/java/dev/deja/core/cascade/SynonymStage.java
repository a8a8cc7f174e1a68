package dev.deja.core.cascade;

import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.FieldType;
import dev.deja.core.item.Item;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stage {@code synonym}: the new term is one of a stored item's synonyms, or the stored term is one of the new item's
 * synonyms. Overlaps between two synonym lists alone are not used (the glossary design's rule). Score 1 by default.
 *
 * <p>Options: {@code term_field} (default {@code term}), {@code synonyms_field} (default {@code synonyms}),
 * {@code case_sensitive} (default {@code false}), {@code analyzer} (default {@code casefold}, or {@code trim} when
 * case-sensitive), {@code only_active_synonyms} (default {@code true}: a synonym given as an object with a
 * {@code status} other than {@code active} is ignored), {@code synonym_type} (when set, only synonyms given as objects
 * with this {@code type} count; plain strings always count), {@code score} (default 1.0), {@code version_field}
 * (default none: when set, and several stored items with the same term match through a synonym, only the one with
 * the highest version is returned — the design's "latest version when several definitions share the synonym").
 *
 * <p>Thread-safe: immutable.
 */
public final class SynonymStage implements Stage {

  /** Builds {@code synonym} stages. */
  public static final StageFactory FACTORY = new StageFactory() {
    @Override
    public String type() {
      return "synonym";
    }

    @Override
    public Stage create(String name, Options o, StageContext context) {
      CollectionSpec spec = context.spec();
      String term = o.string("term_field", "term");
      String syns = o.string("synonyms_field", "synonyms");
      spec.singleValuedField(term, o.at("term_field"));
      if (spec.field(syns, o.at("synonyms_field")).type() != FieldType.LIST) {
        throw new dev.deja.core.InvalidInputException(o.at("synonyms_field") + ": field '" + syns
            + "' must be a list");
      }
      boolean caseSensitive = o.bool("case_sensitive", false);
      Analyzer analyzer = spec.analyzer(o.string("analyzer", caseSensitive ? "trim" : "casefold"), o.at("analyzer"));
      boolean onlyActive = o.bool("only_active_synonyms", true);
      Optional<String> synonymType = o.optionalString("synonym_type");
      double score = o.number("score", 1.0, 0.0, 1.0);
      Optional<String> versionField = o.optionalString("version_field");
      versionField.ifPresent(v -> spec.field(v, o.at("version_field")));
      o.rejectUnknown();
      return new SynonymStage(name, term, syns, analyzer, context.normalizer(analyzer), caseSensitive, onlyActive,
          synonymType, score, versionField);
    }
  };

  private final String name;
  private final String termField;
  private final String synonymsField;
  private final Analyzer analyzer;
  private final dev.deja.core.normalize.Normalizer normalizer;
  private final boolean caseSensitive;
  private final boolean onlyActive;
  private final Optional<String> synonymType;
  private final double score;
  private final Optional<String> versionField;

  private SynonymStage(String name, String termField, String synonymsField, Analyzer analyzer,
      dev.deja.core.normalize.Normalizer normalizer, boolean caseSensitive,
      boolean onlyActive, Optional<String> synonymType, double score, Optional<String> versionField) {
    this.name = name;
    this.termField = termField;
    this.synonymsField = synonymsField;
    this.analyzer = analyzer;
    this.normalizer = normalizer;
    this.caseSensitive = caseSensitive;
    this.onlyActive = onlyActive;
    this.synonymType = synonymType;
    this.versionField = versionField;
    this.score = score;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String type() {
    return "synonym";
  }

  private Optional<String> term(Item item) {
    return FieldValues.text(item, termField).map(normalizer::normalize).filter(s -> !s.isEmpty());
  }

  /** Normalised synonyms that count, mapped to their original spelling. */
  private Map<String, String> synonyms(Item item) {
    Map<String, String> out = new LinkedHashMap<>();
    for (FieldValues.ListEntry e : FieldValues.entries(item, synonymsField)) {
      if (onlyActive && e.status().isPresent() && !e.status().get().toLowerCase(Locale.ROOT).equals("active")) {
        continue;
      }
      if (synonymType.isPresent() && e.type().isPresent() && !e.type().get().equalsIgnoreCase(synonymType.get())) {
        continue;
      }
      String n = normalizer.normalize(e.value());
      if (!n.isEmpty()) {
        out.putIfAbsent(n, e.value());
      }
    }
    return out;
  }

  @Override
  public Set<String> indexKeys(Item item) {
    Set<String> keys = new HashSet<>();
    for (String s : synonyms(item).keySet()) {
      keys.add(name + "|s:" + s);
    }
    term(item).ifPresent(t -> keys.add(name + "|t:" + t));
    return keys;
  }

  @Override
  public Set<String> queryKeys(Item item) {
    Set<String> keys = new HashSet<>();
    term(item).ifPresent(t -> keys.add(name + "|s:" + t));
    for (String s : synonyms(item).keySet()) {
      keys.add(name + "|t:" + s);
    }
    return keys;
  }

  /** Among matches sharing a term, only the highest version (ties: all of them). */
  private List<StageMatch> latestVersions(List<StageMatch> matches, List<Candidate> candidates) {
    Map<String, Candidate> byId = new java.util.HashMap<>();
    for (Candidate c : candidates) {
      byId.put(c.id(), c);
    }
    Map<String, Double> best = new java.util.HashMap<>();
    for (StageMatch m : matches) {
      Candidate c = byId.get(m.id());
      best.merge(term(c.item().item()).orElse(""), version(c), Math::max);
    }
    List<StageMatch> out = new ArrayList<>();
    for (StageMatch m : matches) {
      Candidate c = byId.get(m.id());
      if (version(c) >= best.get(term(c.item().item()).orElse(""))) {
        out.add(m);
      }
    }
    return out;
  }

  private double version(Candidate c) {
    Object v = c.item().item().fields().get(versionField.get());
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof String s) {
      try {
        return Double.parseDouble(s.strip());
      } catch (NumberFormatException e) {
        return Double.NEGATIVE_INFINITY;
      }
    }
    return Double.NEGATIVE_INFINITY;
  }

  @Override
  public StageResult evaluate(Probe probe, List<Candidate> candidates) {
    Optional<String> newTerm = term(probe.item());
    Map<String, String> newSyns = synonyms(probe.item());
    Explanation.Builder summary = Explanation.of("stage", name).evidence("case_sensitive", caseSensitive)
        .evidence("only_active_synonyms", onlyActive);
    if (newTerm.isEmpty() && newSyns.isEmpty()) {
      return new StageResult(List.of(), summary.result("skipped").message("no term and no synonyms: no evidence")
          .build());
    }
    List<StageMatch> matches = new ArrayList<>();
    for (Candidate c : candidates) {
      Item stored = c.item().item();
      Optional<String> storedTerm = term(stored);
      Map<String, String> storedSyns = synonyms(stored);
      Explanation.Builder e = null;
      if (newTerm.isPresent() && storedSyns.containsKey(newTerm.get())) {
        e = Explanation.of("stage", name).result("match").message("Exact match: synonym + context")
            .value("new", newTerm.get()).value("existing", storedTerm.orElse(""))
            .evidence("synonym", storedSyns.get(newTerm.get()))
            .evidence("direction", "the new term is a synonym of the existing term");
      } else if (storedTerm.isPresent() && newSyns.containsKey(storedTerm.get())) {
        e = Explanation.of("stage", name).result("match").message("Exact match: synonym + context")
            .value("new", newTerm.orElse("")).value("existing", storedTerm.get())
            .evidence("synonym", newSyns.get(storedTerm.get()))
            .evidence("direction", "the existing term is listed as a synonym of the new term");
      }
      if (e != null) {
        matches.add(new StageMatch(c.id(), score, Outcome.DUPLICATE, e.score(score).build()));
      }
    }
    if (versionField.isPresent() && matches.size() > 1) {
      matches = latestVersions(matches, candidates);
    }
    return new StageResult(matches, summary.result(matches.isEmpty() ? "no_match" : "match")
        .message("compared " + candidates.size() + " candidate(s): " + matches.size() + " synonym match(es)").build());
  }
}
