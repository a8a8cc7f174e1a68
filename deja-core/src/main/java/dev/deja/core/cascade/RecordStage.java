package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.measure.Measure;
import dev.deja.core.measure.Measures;
import dev.deja.core.measure.TrigramMeasure;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.Normalizer;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.FieldSpec;
import dev.deja.core.spec.Options;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Stage {@code record}: record linkage over several fields, each compared with its own measure and weighed by how
 * much agreement and disagreement on it say, combined into the probability that the two records are the same entity.
 *
 * <p>Each field has a measure and two probabilities, as in Duke (the Lucene-based record-linkage engine): {@code high},
 * the probability that two records are the same when the field's values are equal, and {@code low}, when they differ.
 * A similarity {@code s} in between gives {@code low} below 0.5 and {@code 0.5 + (high - 0.5) · s²} from 0.5 up
 * (Duke's rule, so that a Duke configuration carries over with the same numbers). A field that is blank on either side
 * is no evidence (0.5). The field probabilities are combined by Bayes' rule under independence, starting from 0.5:
 * {@code p ← p·q / (p·q + (1 − p)(1 − q))}. The result is compared with {@code similarity_threshold} (default 0.9) and
 * {@code possible_threshold}.
 *
 * <p>Options: {@code fields} (required: field → {@code {measure, low, high, analyzer, lookup}}; {@code measure}
 * defaults to {@code levenshtein}; {@code lookup}, {@code words} (default for text fields), {@code trigrams},
 * {@code both} or {@code none}: the terms of the field indexed for candidate lookup), {@code blocks} (blocking keys:
 * a field or fields joined by {@code +}; records whose analysed values agree on all of a block's fields are
 * candidates), {@code similarity_threshold} (alias {@code threshold}), {@code possible_threshold}.
 *
 * <p>Thread-safe: immutable.
 */
public final class RecordStage implements Scorer {

  /** Builds {@code record} stages. */
  public static final StageFactory FACTORY = new StageFactory() {
    @Override
    public String type() {
      return "record";
    }

    @Override
    public Stage create(String name, Options o, StageContext context) {
      CollectionSpec spec = context.spec();
      if (!o.has("fields")) {
        throw new InvalidInputException(o.at("fields") + ": a record stage needs its fields, e.g. fields: {title: "
            + "{measure: levenshtein, low: 0.2, high: 0.95}, year: {measure: exact, low: 0.3, high: 0.55}}");
      }
      Map<String, Object> raw = o.map("fields");
      if (raw.isEmpty()) {
        throw new InvalidInputException(o.at("fields") + ": name at least one field");
      }
      List<String> blockSpecs = o.strings("blocks", List.of());
      List<FieldRule> rules = new ArrayList<>();
      for (String field : raw.keySet()) {
        Options f = o.object("fields").object(field);
        FieldSpec fs = spec.singleValuedField(field, f.path());
        String measureName = f.string("measure", "levenshtein");
        Measure measure = Measures.find(measureName).orElseThrow(() -> new InvalidInputException(f.at("measure")
            + ": unknown measure '" + measureName + "'; known measures: " + String.join(", ", Measures.names())));
        double low = f.number("low", 0.3, 0.0, 1.0);
        double high = f.number("high", 0.7, 0.0, 1.0);
        if (low > 0.5 || high < 0.5) {
          throw new InvalidInputException(f.path() + ": low (" + low + ") must be at most 0.5 and high (" + high
              + ") at least 0.5: low is the probability of a duplicate when the values differ, high when they agree");
        }
        String defaultAnalyzer = fs.analyzer();
        Analyzer analyzer = spec.analyzer(f.string("analyzer", defaultAnalyzer), f.at("analyzer"));
        // Blocks, when given, are the candidate lookup; else the words of text fields.
        String lookup = f.choice("lookup", blockSpecs.isEmpty() && fs.type() == dev.deja.core.item.FieldType.TEXT
            ? "words" : "none", "words", "trigrams", "both", "none");
        f.rejectUnknown();
        rules.add(new FieldRule(field, measureName, measure, low, high, analyzer, context.normalizer(analyzer),
            lookup));
      }
      List<String> aliases = List.of("similarity_threshold", "threshold");
      if (aliases.stream().filter(o::has).count() > 1) {
        throw new InvalidInputException(o.path() + ": give one of " + aliases + ", not both");
      }
      String key = o.firstPresent("similarity_threshold", "threshold").orElse("similarity_threshold");
      double threshold = o.number(key, 0.9, 0.0, 1.0);
      OptionalDouble possible = o.has("possible_threshold")
          ? OptionalDouble.of(o.number("possible_threshold", 0, 0.0, 1.0)) : OptionalDouble.empty();
      if (possible.isPresent() && possible.getAsDouble() > threshold) {
        throw new InvalidInputException(o.at("possible_threshold") + ": must not be above the threshold ("
            + threshold + "), got " + possible.getAsDouble());
      }
      List<List<FieldRule>> blocks = new ArrayList<>();
      for (String b : blockSpecs) {
        List<FieldRule> parts = new ArrayList<>();
        for (String f : b.split("\\+", -1)) {
          String field = f.strip();
          FieldRule rule = rules.stream().filter(r -> r.field().equals(field)).findFirst().orElseThrow(() ->
              new InvalidInputException(o.at("blocks") + ": '" + b + "': '" + field + "' is not one of the stage's "
                  + "fields (" + String.join(", ", rules.stream().map(FieldRule::field).toList()) + ")"));
          parts.add(rule);
        }
        blocks.add(List.copyOf(parts));
      }
      o.rejectUnknown();
      if (rules.stream().allMatch(r -> r.lookup().equals("none")) && blocks.isEmpty()) {
        throw new InvalidInputException(o.at("fields") + ": no field has a lookup and there are no blocks, so no "
            + "candidate would ever be found; give a field (a name or title) lookup: words, or blocks: [FIELD, …]");
      }
      return new RecordStage(name, List.copyOf(rules), List.copyOf(blocks), threshold, possible);
    }
  };

  /**
   * How one field is compared.
   *
   * @param lookup which of its terms are indexed for candidate lookup: words, trigrams, both or none
   */
  record FieldRule(String field, String measureName, Measure measure, double low, double high, Analyzer analyzer,
      Normalizer normalizer, String lookup) {

    /** The analysed value, or null when the field is blank. */
    String valueOrNull(Item item) {
      Object v = item.fields().get(field);
      if (v == null || v instanceof List || v instanceof Map) {
        return null;
      }
      String raw = v.toString();
      if (raw.isBlank()) {
        return null;
      }
      String n = normalizer.normalize(raw);
      return n.isBlank() ? null : n;
    }

    /** Duke's mapping of a similarity to the probability of a duplicate. */
    double probability(double similarity) {
      return similarity < 0.5 ? low : 0.5 + (high - 0.5) * similarity * similarity;
    }
  }

  private final String name;
  private final List<FieldRule> rules;
  /** Blocking keys: each a list of fields whose analysed values, together, index a record. */
  private final List<List<FieldRule>> blocks;
  /** Each block's fields as indexes into {@link #rules}. */
  private final int[][] blockFields;
  /** The probability the fields after each one give when they all agree fully: their {@code high}s combined. */
  private final double[] bestAfter;
  private final double threshold;
  private final OptionalDouble possibleThreshold;

  private RecordStage(String name, List<FieldRule> rules, List<List<FieldRule>> blocks, double threshold,
      OptionalDouble possibleThreshold) {
    this.name = name;
    this.rules = rules;
    this.blocks = blocks;
    this.blockFields = new int[blocks.size()][];
    for (int b = 0; b < blocks.size(); b++) {
      List<FieldRule> parts = blocks.get(b);
      blockFields[b] = new int[parts.size()];
      for (int j = 0; j < parts.size(); j++) {
        for (int k = 0; k < rules.size(); k++) {
          if (rules.get(k) == parts.get(j)) {
            blockFields[b][j] = k;
          }
        }
      }
    }
    // Bayes' rule multiplies odds, so the best the fields after i can still do is one number per i.
    this.bestAfter = new double[rules.size()];
    double rest = 0.5;
    for (int i = rules.size() - 1; i >= 0; i--) {
      bestAfter[i] = rest;
      rest = combine(rest, rules.get(i).high());
    }
    this.threshold = threshold;
    this.possibleThreshold = possibleThreshold;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String type() {
    return "record";
  }

  /** The first field with a lookup (else the first field): what search and explanations name as the stage's field. */
  @Override
  public String field() {
    return rules.stream().filter(r -> !r.lookup().equals("none")).findFirst().orElse(rules.get(0)).field();
  }

  /**
   * The record's blocking keys, {@code name|b<i>:<values>}: one per block whose fields all have a value. Two records
   * sharing one are candidates of each other.
   */
  @Override
  public Set<String> indexKeys(Item item) {
    if (blocks.isEmpty()) {
      return Set.of();
    }
    Set<String> keys = new HashSet<>();
    String[] values = analysed(item);
    block:
    for (int i = 0; i < blocks.size(); i++) {
      StringBuilder k = new StringBuilder(name).append("|b").append(i).append(':');
      for (int f : blockFields[i]) {
        String v = values[f];
        if (v == null) {
          continue block;
        }
        k.append(v).append('\u001f');
      }
      keys.add(k.toString());
    }
    return keys;
  }

  @Override
  public Set<String> queryKeys(Item item) {
    return indexKeys(item);
  }

  @Override
  public double threshold() {
    return threshold;
  }

  @Override
  public Set<String> lexicalTerms(Item item) {
    Set<String> terms = new HashSet<>();
    String[] values = analysed(item);
    for (int i = 0; i < rules.size(); i++) {
      FieldRule r = rules.get(i);
      Optional<String> v = Optional.ofNullable(values[i]);
      if (r.lookup().equals("none") || v.isEmpty()) {
        continue;
      }
      if (!r.lookup().equals("trigrams")) {
        FuzzyStage.addWordTerms(r.field(), v.get(), terms);
      }
      if (!r.lookup().equals("words")) {
        for (String g : TrigramMeasure.trigrams(v.get())) {
          terms.add(r.field() + "/g:" + g);
        }
      }
    }
    return terms;
  }

  /** The analysed value of each field (null when blank), in rule order: computed once per item and kept with it. */
  private String[] analysed(Item item) {
    return item.memo(this, i -> {
      String[] v = new String[rules.size()];
      for (int k = 0; k < v.length; k++) {
        v[k] = rules.get(k).valueOrNull(i);
      }
      return v;
    });
  }

  /** One field's comparison: the two values (empty when blank), their similarity and probability. */
  private record Compared(FieldRule rule, Optional<String> mine, Optional<String> theirs, double similarity,
      double probability) {
    boolean evidence() {
      return mine.isPresent() && theirs.isPresent();
    }
  }

  /**
   * Every field compared in full, in order (for scores and explanations; {@link #bounded} is the checking loop's
   * cut-short form). A similarity below 0.5 gives the field's {@code low} whatever it is, but is shown as computed.
   */
  private List<Compared> compare(Item a, Item b) {
    List<Compared> out = new ArrayList<>(rules.size());
    String[] as = analysed(a);
    String[] bs = analysed(b);
    for (int i = 0; i < rules.size(); i++) {
      FieldRule r = rules.get(i);
      Optional<String> x = Optional.ofNullable(as[i]);
      Optional<String> y = Optional.ofNullable(bs[i]);
      if (x.isEmpty() || y.isEmpty()) {
        out.add(new Compared(r, x, y, Double.NaN, 0.5));
        continue;
      }
      double s = r.measure().upperBound(x.get(), y.get()) < 0.5 ? 0.0
          : clamp(r.measure().similarityAtLeast(x.get(), y.get(), 0.5));
      if (s < 0.5) {
        s = clamp(r.measure().similarity(x.get(), y.get()));
      }
      out.add(new Compared(r, x, y, s, r.probability(s)));
    }
    return out;
  }

  /**
   * The probability that the records are the same entity, as {@link #compare} combines it, computed without building
   * the comparison: below {@code floor} (any value under it) as soon as the fields left cannot lift it there, and NaN
   * when no field has a value on both sides. The probe's analysed values are given, computed once per check.
   */
  private double bounded(String[] mine, Item b, double floor) {
    double p = 0.5;
    boolean evidence = false;
    String[] theirs = analysed(b);
    for (int i = 0; i < mine.length; i++) {
      FieldRule r = rules.get(i);
      String x = mine[i];
      String y = theirs[i];
      double q;
      if (x == null || y == null) {
        q = 0.5;
      } else {
        evidence = true;
        double s = r.measure().upperBound(x, y) < 0.5 ? 0.0 : clamp(r.measure().similarityAtLeast(x, y, 0.5));
        if (s < 0.5) {
          s = floor > 0 ? 0.0 : clamp(r.measure().similarity(x, y));
        }
        q = r.probability(s);
      }
      p = combine(p, q);
      if (floor > 0 && combine(p, bestAfter[i]) < floor) {
        return -1;
      }
    }
    return evidence ? p : Double.NaN;
  }

  private static double combine(double p, double q) {
    double num = p * q;
    double den = num + (1 - p) * (1 - q);
    return den == 0 ? 0.5 : num / den;
  }

  /** Bayes' rule over the field probabilities, from 0.5. */
  static double combine(List<Double> probabilities) {
    double p = 0.5;
    for (double q : probabilities) {
      p = combine(p, q);
    }
    return p;
  }

  private static double combined(List<Compared> cs) {
    return combine(cs.stream().map(Compared::probability).toList());
  }

  @Override
  public OptionalDouble score(Probe probe, StoredItem stored) {
    List<Compared> cs = compare(probe.item(), stored.item());
    if (cs.stream().noneMatch(Compared::evidence)) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(combined(cs));
  }

  @Override
  public StageResult evaluate(Probe probe, List<Candidate> candidates) {
    Explanation.Builder summary = Explanation.of("stage", name).threshold(threshold)
        .evidence("fields", String.join(", ", rules.stream().map(FieldRule::field).toList()));
    possibleThreshold.ifPresent(p -> summary.evidence("possible_threshold", Explanation.format(p)));
    if (java.util.Arrays.stream(analysed(probe.item())).allMatch(java.util.Objects::isNull)) {
      return new StageResult(List.of(), summary.result("skipped")
          .message("the new item has no value in any of the stage's fields: no evidence").build());
    }
    double floor = Math.min(threshold, possibleThreshold.orElse(threshold));
    int compared = 0;
    List<StageMatch> matches = new ArrayList<>();
    String[] mine = analysed(probe.item());
    for (Candidate c : candidates) {
      double p = bounded(mine, c.item().item(), floor);
      compared++;
      if (Double.isNaN(p)) {
        compared--;
        continue;
      }
      if (p < floor) {
        continue;
      }
      Outcome level = p >= threshold ? Outcome.DUPLICATE : Outcome.POSSIBLE_DUPLICATE;
      // Explained with every similarity computed in full (the bounded comparison stops at 0.5).
      matches.add(new StageMatch(c.id(), p, level, explain(compare(probe.item(), c.item().item()), p, level)));
    }
    long dup = matches.stream().filter(m -> m.level() == Outcome.DUPLICATE).count();
    return new StageResult(matches, summary.result(dup > 0 ? "match" : matches.isEmpty() ? "no_match" : "possible")
        .message("compared " + compared + " candidate(s): " + dup + " match(es), " + (matches.size() - dup)
            + " possible")
        .build());
  }

  private Explanation explain(List<Compared> cs, double p, Outcome level) {
    List<String> agreeing = new ArrayList<>();
    for (Compared x : cs) {
      if (x.evidence() && x.probability() > 0.5) {
        agreeing.add(x.rule().field());
      }
    }
    Explanation.Builder e = Explanation.of("stage", name)
        .result(level == Outcome.DUPLICATE ? "match" : "possible")
        .message("Record match on " + (agreeing.isEmpty() ? "no field" : String.join(", ", agreeing))
            + " (probability of the same entity " + Explanation.format(p) + ")")
        .score(p).threshold(threshold);
    for (Compared x : cs) {
      Explanation.Builder d = Explanation.of("field", x.rule().field())
          .evidence("measure", x.rule().measureName())
          .evidence("low", Explanation.format(x.rule().low()))
          .evidence("high", Explanation.format(x.rule().high()));
      if (!x.evidence()) {
        d.result("skipped").message("'" + x.rule().field() + "' is blank in the " + (x.mine().isEmpty() ? "new"
            : "existing") + " record: no evidence (0.5)");
      } else {
        d.result(x.probability() > 0.5 ? "for" : x.probability() < 0.5 ? "against" : "neutral")
            .score(x.similarity())
            .value("new", x.mine().get()).value("existing", x.theirs().get())
            .message(x.rule().measureName() + " similarity " + Explanation.format(x.similarity())
                + " → probability " + Explanation.format(x.probability()));
      }
      e.detail(d.build());
    }
    return e.build();
  }

  private static double clamp(double s) {
    return Double.isNaN(s) ? 0.0 : Math.max(0.0, Math.min(1.0, s));
  }
}
