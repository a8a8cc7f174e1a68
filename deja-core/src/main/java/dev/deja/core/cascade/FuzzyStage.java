package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.Item;
import dev.deja.core.judge.JudgeKind;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.measure.Measure;
import dev.deja.core.measure.Measures;
import dev.deja.core.measure.TrigramMeasure;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.FieldSpec;
import dev.deja.core.spec.Options;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Stage {@code fuzzy}: a named string measure over one field, normalised by an analyzer, compared with a threshold.
 *
 * <p>Options: {@code field} (default the first text field), {@code measure} (default {@code sequence}; see
 * {@link Measures}), {@code similarity_threshold} (alias {@code fuzzy_threshold}, {@code threshold}; default 0.8),
 * {@code comparison} ({@code gte}: score ≥ threshold, the default; {@code gt}: score &gt; threshold, as the glossary
 * design's "&gt; 0.7"), {@code possible_threshold} (scores from it up to the threshold are POSSIBLE_DUPLICATE; off by
 * default), {@code analyzer} (default: the field's), {@code lexical} ({@code both}, {@code words}, {@code trigrams},
 * {@code none}: which terms are indexed for candidate lookup; default {@code both}), {@code judge} (an LLM asked about
 * the pairs whose score falls in a band: see {@link JudgeStep}).
 *
 * <p>Thread-safe: immutable.
 */
public final class FuzzyStage implements Scorer, JudgedStage {

  /** Builds {@code fuzzy} stages. */
  public static final StageFactory FACTORY = new StageFactory() {
    @Override
    public String type() {
      return "fuzzy";
    }

    @Override
    public Stage create(String name, Options o, StageContext context) {
      CollectionSpec spec = context.spec();
      String field = o.has("field") ? o.requiredString("field") : ExactStage.firstText(spec, o, "field");
      FieldSpec fs = spec.singleValuedField(field, o.at("field"));
      String measureName = o.string("measure", "sequence");
      Measure measure = Measures.find(measureName).orElseThrow(() -> new InvalidInputException(o.at("measure")
          + ": unknown measure '" + measureName + "'; known measures: " + String.join(", ", Measures.names())));
      List<String> aliases = List.of("similarity_threshold", "fuzzy_threshold", "threshold");
      o.alsoKnown(aliases.toArray(String[]::new));
      long given = aliases.stream().filter(o::has).count();
      if (given > 1) {
        throw new InvalidInputException(o.path() + ": give one of " + aliases + ", not several");
      }
      String key = o.firstPresent("similarity_threshold", "fuzzy_threshold", "threshold")
          .orElse("similarity_threshold");
      double threshold = o.number(key, 0.8, 0.0, 1.0);
      String comparison = o.choice("comparison", "gte", "gte", "gt");
      OptionalDouble possible = o.has("possible_threshold")
          ? OptionalDouble.of(o.number("possible_threshold", 0, 0.0, 1.0))
          : OptionalDouble.empty();
      if (possible.isPresent() && possible.getAsDouble() > threshold) {
        throw new InvalidInputException(o.at("possible_threshold") + ": must not be above the threshold ("
            + threshold + "), got " + possible.getAsDouble());
      }
      Analyzer analyzer = spec.analyzer(o.string("analyzer", fs.analyzer()), o.at("analyzer"));
      String lexical = o.choice("lexical", "both", "both", "words", "trigrams", "none");
      Optional<JudgeStep> judge = JudgeStep.read(o, name, context.judging(), JudgeKind.forField(spec, field),
          false);
      o.rejectUnknown();
      return new FuzzyStage(name, field, measureName, measure, threshold, comparison.equals("gt"), possible,
          analyzer, context.normalizer(analyzer), lexical, context, judge);
    }
  };

  private final String name;
  private final String field;
  private final String measureName;
  private final Measure measure;
  private final double threshold;
  private final boolean strict;
  private final OptionalDouble possibleThreshold;
  private final Analyzer analyzer;
  private final dev.deja.core.normalize.Normalizer normalizer;
  private final String lexical;
  /** Where stored items' normalised values are found among their keys: resolved on first use (see below). */
  private final StageContext context;
  private volatile Optional<String> storedPrefix;
  private final Optional<JudgeStep> judge;

  private FuzzyStage(String name, String field, String measureName, Measure measure, double threshold, boolean strict,
      OptionalDouble possibleThreshold, Analyzer analyzer, dev.deja.core.normalize.Normalizer normalizer,
      String lexical, StageContext context, Optional<JudgeStep> judge) {
    this.name = name;
    this.field = field;
    this.measureName = measureName;
    this.measure = measure;
    this.threshold = threshold;
    this.strict = strict;
    this.possibleThreshold = possibleThreshold;
    this.analyzer = analyzer;
    this.normalizer = normalizer;
    this.lexical = lexical;
    this.context = context;
    this.judge = judge;
  }

  /**
   * A stored item's normalised value: read from its keys when another stage stores it there (an exact stage over the
   * same field with the same analyzer made it from the same fields when the item was written), else normalised here.
   */
  private Optional<String> storedValue(dev.deja.core.item.StoredItem stored) {
    Optional<String> prefix = storedPrefix;
    if (prefix == null) {
      prefix = context.storedValue(field, analyzer);
      storedPrefix = prefix;
    }
    if (prefix.isEmpty()) {
      return value(stored.item());
    }
    String p = prefix.get();
    for (String k : stored.keys().keys()) {
      if (k.startsWith(p)) {
        return Optional.of(k.substring(p.length()));
      }
    }
    return Optional.empty();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Optional<JudgeStep> judge() {
    return judge;
  }

  @Override
  public String type() {
    return "fuzzy";
  }

  @Override
  public String field() {
    return field;
  }

  public String measureName() {
    return measureName;
  }

  @Override
  public double threshold() {
    return threshold;
  }

  @Override
  public OptionalDouble score(Probe probe, dev.deja.core.item.StoredItem stored) {
    Optional<String> a = value(probe.item());
    Optional<String> b = storedValue(stored);
    if (a.isEmpty() || b.isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(clamp(measure.similarity(a.get(), b.get())));
  }

  private Optional<String> value(Item item) {
    return FieldValues.text(item, field).map(normalizer::normalize).filter(s -> !s.isEmpty());
  }

  @Override
  public Set<String> lexicalTerms(Item item) {
    Optional<String> v = value(item);
    if (v.isEmpty() || lexical.equals("none")) {
      return Set.of();
    }
    Set<String> terms = new HashSet<>();
    if (!lexical.equals("trigrams")) {
      addWordTerms(field, v.get(), terms);
    }
    if (!lexical.equals("words")) {
      for (String g : TrigramMeasure.trigrams(v.get())) {
        terms.add(field + "/g:" + g);
      }
    }
    return terms;
  }

  /** The word terms of a field's normalised value, as the lexical index holds them ({@code field/w:word}). */
  static void addWordTerms(String field, String normalised, Set<String> terms) {
    for (String w : normalised.split(" ")) {
      if (!w.isEmpty()) {
        terms.add(field + "/w:" + w);
      }
    }
  }

  /**
   * Whether any score can be reported: not when {@code comparison: gt} asks for a score above a threshold of 1 (no
   * measure scores above 1) and there is no {@code possible_threshold}.
   */
  boolean canMatch() {
    return !(strict && threshold >= 1.0) || possibleThreshold.isPresent();
  }

  private boolean passes(double score, double t) {
    return strict ? score > t : score >= t;
  }

  /** A candidate scored by the measure, before the judge (if any) and the thresholds decide it. */
  private record Scored(Candidate candidate, String theirs, double score, Outcome inProcess) {}

  @Override
  public StageResult evaluate(Probe probe, List<Candidate> candidates) {
    Optional<String> mine = value(probe.item());
    Explanation.Builder summary = Explanation.of("stage", name).evidence("field", field)
        .evidence("measure", measureName).evidence("comparison", strict ? ">" : ">=").threshold(threshold);
    judge.ifPresent(j -> summary.evidence("judge", j.endpoint() + ", band " + j.bandText()));
    if (mine.isEmpty()) {
      return new StageResult(List.of(), summary.result("skipped")
          .message("the new item has no value for '" + field + "': no evidence").build());
    }
    int compared = 0;
    // The lowest score that is reported (a match, or a possible one) or put to the judge: a candidate whose upper
    // bound is below it cannot be either, so its exact similarity is not computed (with difflib's sequence at 0.95,
    // most of them).
    double floor = Math.min(threshold, possibleThreshold.orElse(threshold));
    if (judge.isPresent()) {
      floor = Math.min(floor, judge.get().low());
    }
    List<Scored> scored = new ArrayList<>();
    for (Candidate c : candidates) {
      Optional<String> theirs = storedValue(c.item());
      if (theirs.isEmpty()) {
        continue;
      }
      compared++;
      if (clamp(measure.upperBound(mine.get(), theirs.get())) < floor) {
        continue;
      }
      double score = clamp(measure.similarity(mine.get(), theirs.get()));
      Outcome level = passes(score, threshold) ? Outcome.DUPLICATE
          : possibleThreshold.isPresent() && score >= possibleThreshold.getAsDouble() ? Outcome.POSSIBLE_DUPLICATE
          : Outcome.NEW;
      scored.add(new Scored(c, theirs.get(), score, level));
    }
    String rawMine = probe.item().findString(field).orElse("");
    JudgeStep.Rulings rulings = judge.map(j -> j.rule(probe.tenant(), scored.stream().map(x -> new JudgeStep.Pair(
        x.candidate().id(), rawMine, x.candidate().item().item().findString(field).orElse(""), mine.get(),
        x.theirs(), x.score(), x.inProcess(), Optional.empty(),
        j.timingFor(probe.time(), x.candidate().item().keys().time()))).toList()))
        .orElse(new JudgeStep.Rulings(java.util.Map.of(), List.of()));
    List<StageMatch> matches = new ArrayList<>();
    int asked = 0;
    for (Scored x : scored) {
      Optional<JudgeStep.Ruling> ruling = rulings.find(x.candidate().id());
      Outcome level = ruling.map(JudgeStep.Ruling::level).orElse(x.inProcess());
      if (ruling.isEmpty() && level == Outcome.NEW) {
        continue;
      }
      String rawTheirs = x.candidate().item().item().findString(field).orElse("");
      Explanation.Builder e = Explanation.of("stage", name)
          .result(level == Outcome.DUPLICATE ? "match" : level == Outcome.NEW ? "no_match" : "possible")
          .message((level == Outcome.NEW ? "No fuzzy match: '" + rawMine + "' ≠ '" : "Fuzzy match: '" + rawMine
              + "' ≈ '") + rawTheirs + "'")
          .score(x.score()).threshold(threshold)
          .value("new", mine.get()).value("existing", x.theirs())
          .evidence("comparison", strict ? ">" : ">=")
          .detail(Explanation.of("measure", measureName).result("info").score(x.score())
              .message(measureName + " similarity of the normalised values (analyzer " + analyzer.name() + ")")
              .build());
      possibleThreshold.ifPresent(p -> e.evidence("possible_threshold", Explanation.format(p)));
      Explanation built = e.build();
      if (ruling.isPresent()) {
        asked++;
        built = CombinedStage.withJudge(built, Optional.empty(), ruling.get());
        if (level == Outcome.NEW) {
          summary.detail(new Explanation("judged", x.candidate().id(), built.result(), "candidate "
              + x.candidate().id() + ": " + built.message(), built.score(), built.threshold(), built.values(),
              built.evidence(), built.details()));
          continue;
        }
      }
      matches.add(new StageMatch(x.candidate().id(), x.score(), level, built));
    }
    long dup = matches.stream().filter(m -> m.level() == Outcome.DUPLICATE).count();
    return new StageResult(matches, summary.result(dup > 0 ? "match" : matches.isEmpty() ? "no_match" : "possible")
        .message("compared " + compared + " candidate(s): " + dup + " match(es), " + (matches.size() - dup)
            + " possible" + (asked > 0 ? "; " + asked + " put to the judge" : ""))
        .build(), rulings.warnings());
  }

  private static double clamp(double s) {
    if (Double.isNaN(s)) {
      return 0.0;
    }
    return Math.max(0.0, Math.min(1.0, s));
  }
}
