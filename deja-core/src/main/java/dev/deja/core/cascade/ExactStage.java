package dev.deja.core.cascade;

import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.guard.Identifiers;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.FieldType;
import dev.deja.core.item.Item;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.TextSteps;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Stage {@code exact}: the new item's fields equal a stored item's after normalisation (within the scope, which is
 * already applied). Score 1.
 *
 * <p>Options: {@code fields} (list; default the first text field), {@code case_sensitive} (default {@code true}, as the
 * glossary design's stage 1), {@code analyzer} (default {@code trim} when case-sensitive, {@code casefold} when not),
 * {@code score} (default 1.0). Found through an indexed key, so an exact copy is reachable whatever else differs; a
 * candidate matches when it holds the new item's key among the keys it was stored with ({@link
 * dev.deja.core.item.ItemKeys#keys}, made by this stage from its fields when it was written), so stored values are not
 * normalised again on every check. Items whose fields write other signs ("£50" / "$50", "C++" / "C", "-5" / "5":
 * {@link TextSteps#signs}) are not exact copies, although most analyzers drop the signs and give them one key.
 *
 * <p>Thread-safe: immutable.
 */
public final class ExactStage implements Stage {

  /** Builds {@code exact} stages. */
  public static final StageFactory FACTORY = new StageFactory() {
    @Override
    public String type() {
      return "exact";
    }

    @Override
    public Stage create(String name, Options o, StageContext context) {
      CollectionSpec spec = context.spec();
      List<String> fields = o.strings("fields", o.has("field") ? List.of() : List.of(firstText(spec, o, "fields")));
      if (o.has("field")) {
        if (o.has("fields")) {
          throw new dev.deja.core.InvalidInputException(o.path() + ": give 'field' or 'fields', not both");
        }
        fields = List.of(o.requiredString("field"));
      }
      if (fields.isEmpty()) {
        throw new dev.deja.core.InvalidInputException(o.at("fields") + ": must name at least one field");
      }
      for (String f : fields) {
        spec.singleValuedField(f, o.at("fields"));
      }
      boolean caseSensitive = o.bool("case_sensitive", true);
      Analyzer analyzer = spec.analyzer(o.string("analyzer", caseSensitive ? "trim" : "casefold"), o.at("analyzer"));
      double score = o.number("score", 1.0, 0.0, 1.0);
      o.rejectUnknown();
      return new ExactStage(name, fields, analyzer, context.normalizer(analyzer), caseSensitive, score,
          !spec.scope().isEmpty());
    }
  };

  private final String name;
  private final List<String> fields;
  private final Analyzer analyzer;
  private final dev.deja.core.normalize.Normalizer normalizer;
  private final boolean caseSensitive;
  private final double score;
  private final String reason;
  /** What this stage's index keys start with: {@code name|}. */
  private final String keyPrefix;

  private ExactStage(String name, List<String> fields, Analyzer analyzer,
      dev.deja.core.normalize.Normalizer normalizer, boolean caseSensitive, double score,
      boolean scoped) {
    this.name = name;
    this.fields = List.copyOf(fields);
    this.analyzer = analyzer;
    this.normalizer = normalizer;
    this.caseSensitive = caseSensitive;
    this.score = score;
    this.reason = "Exact match: " + String.join(" + ", fields) + (scoped ? " + context" : "");
    this.keyPrefix = name + "|";
  }

  /** The first declared text field: the default of a stage's field, asked for only when the option is not given. */
  static String firstText(CollectionSpec spec, Options o, String option) {
    return spec.fields().values().stream().filter(f -> f.type() == FieldType.TEXT).findFirst()
        .orElseThrow(() -> new dev.deja.core.InvalidInputException(o.at(option) + ": is required (no text field)"))
        .name();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String type() {
    return "exact";
  }

  /** The normalised key value, empty when any field is blank (no evidence). */
  Optional<String> keyValue(Item item) {
    List<String> parts = new ArrayList<>();
    for (String f : fields) {
      Optional<String> v = FieldValues.text(item, f).map(normalizer::normalize).filter(s -> !s.isEmpty());
      if (v.isEmpty()) {
        return Optional.empty();
      }
      parts.add(v.get());
    }
    return Optional.of(String.join("\u001f", parts));
  }

  @Override
  public Set<String> indexKeys(Item item) {
    return keyValue(item).map(k -> Set.of(keyPrefix + k)).orElse(Set.of());
  }

  @Override
  public Set<String> queryKeys(Item item) {
    return indexKeys(item);
  }

  /** Over one field, its key is {@code name|value}: the field's whole normalised value. */
  @Override
  public java.util.Map<StageContext.StoredValue, String> storedValues() {
    return fields.size() == 1 ? java.util.Map.of(new StageContext.StoredValue(fields.get(0), analyzer), keyPrefix)
        : java.util.Map.of();
  }

  /**
   * Whether two items' fields write the same signs, in the same order ({@link TextSteps#signs}: currency and
   * mathematical symbols, "#", "%", minus signs). The punctuation step of most analyzers drops them, so "Sam owes me
   * £50." and "Sam owes me $50.", "I code in C++." and "I code in C." have one key; they are not the same text. Nor
   * are two texts that write a handle or an address with other punctuation ({@link Identifiers}: "@sam_lee" /
   * "@samlee", "jdoe_dev" / "jdoe-dev").
   */
  private boolean sameSigns(Item a, Item b) {
    for (String f : fields) {
      String x = FieldValues.text(a, f).orElse("");
      String y = FieldValues.text(b, f).orElse("");
      if (!TextSteps.signs(x).equals(TextSteps.signs(y)) || Identifiers.conflict(x, y) != null) {
        return false;
      }
    }
    return true;
  }

  @Override
  public StageResult evaluate(Probe probe, List<Candidate> candidates) {
    Optional<String> key = keyValue(probe.item());
    Explanation.Builder summary = Explanation.of("stage", name).evidence("fields", fields)
        .evidence("case_sensitive", caseSensitive).evidence("analyzer", analyzer.name());
    if (key.isEmpty()) {
      return new StageResult(List.of(), summary.result("skipped")
          .message("the new item has no value for " + String.join(", ", fields) + ": no evidence").build());
    }
    // A stored item's keys were made by this stage from its fields when it was written (ItemKeys), so an equal
    // normalised value is a stored key equal to the new item's: a set lookup instead of normalising every candidate.
    String indexed = keyPrefix + key.get();
    String shown = key.get().replace('\u001f', ' ');
    List<StageMatch> matches = new ArrayList<>();
    for (Candidate c : candidates) {
      if (c.item().keys().keys().contains(indexed) && sameSigns(probe.item(), c.item().item())) {
        matches.add(new StageMatch(c.id(), score, Outcome.DUPLICATE, Explanation.of("stage", name).result("match")
            .message(reason).score(score).value("new", shown).value("existing", shown)
            .evidence("case_sensitive", caseSensitive).evidence("analyzer", analyzer.name()).build()));
      }
    }
    return new StageResult(matches, summary.result(matches.isEmpty() ? "no_match" : "match")
        .message("compared " + candidates.size() + " candidate(s): " + matches.size() + " exact match(es)").build());
  }
}
