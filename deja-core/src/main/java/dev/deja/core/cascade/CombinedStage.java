package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.measure.Measure;
import dev.deja.core.measure.Measures;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.Normalizer;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Stage {@code combined}: a calibrated logistic model over several signals, {@code score = 1 / (1 + e^-(bias + Σ
 * weight_i · feature_i))}, compared with a threshold. Weights are fitted on labelled pairs by {@code deja train} and
 * shipped in the presets.
 *
 * <p>Features, each in [0, 1]: {@code cosine} (embedding cosine, needs {@code model}), any measure name
 * ({@code sequence}, {@code jaccard}, {@code trigram}, {@code jaro_winkler}, {@code levenshtein}, {@code compound}) on
 * the field after the analyzer, and {@code time_proximity} ({@code 1 - |Δstart| / window} for timed items; 1 for
 * all-day items on the same dates; needs the collection's time window).
 *
 * <p>Options: {@code field}, {@code analyzer} (default the field's), {@code model} (default {@code all-minilm-l6-v2},
 * used when {@code cosine} is a feature), {@code features} (name → weight), {@code bias}, {@code similarity_threshold}
 * (default 0.5), {@code possible_threshold}, {@code neighbours} (default 20), {@code on_embedder_failure}
 * ({@code closed} or {@code open}; open: the cosine feature counts as 0 and the verdict says so). Thread-safe.
 */
public final class CombinedStage implements VectorStage, Scorer {

  /** The feature names that are not measures. */
  public static final List<String> SPECIAL_FEATURES = List.of("cosine", "time_proximity");

  /** Builds {@code combined} stages. */
  public static final StageFactory FACTORY = new StageFactory() {
    @Override
    public String type() {
      return "combined";
    }

    @Override
    public Stage create(String name, Options o, StageContext context) {
      CollectionSpec spec = context.spec();
      String field = o.string("field", ExactStage.firstText(spec, o));
      Analyzer analyzer = spec.analyzer(o.string("analyzer", spec.field(field, o.at("field")).analyzer()),
          o.at("analyzer"));
      Map<String, Object> raw = o.map("features");
      if (raw.isEmpty()) {
        throw new InvalidInputException(o.at("features") + ": name at least one feature with its weight, e.g. "
            + "{cosine: 4.0, sequence: 1.0}; fit weights with 'deja train'");
      }
      Map<String, Double> weights = new LinkedHashMap<>();
      raw.forEach((k, v) -> {
        if (!SPECIAL_FEATURES.contains(k) && Measures.find(k).isEmpty()) {
          throw new InvalidInputException(o.at("features") + "." + k + ": unknown feature; features: cosine, "
              + "time_proximity, " + String.join(", ", Measures.names()));
        }
        weights.put(k, Options.checkedNumber(o.at("features") + "." + k, v, -1000, 1000));
      });
      if (weights.containsKey("time_proximity") && spec.window().isEmpty()) {
        throw new InvalidInputException(o.at("features") + ".time_proximity: the collection has no time window");
      }
      double bias = o.number("bias", 0.0, -1000, 1000);
      double threshold = o.number("similarity_threshold", 0.5, 0.0, 1.0);
      OptionalDouble possible = o.has("possible_threshold")
          ? OptionalDouble.of(o.number("possible_threshold", 0, 0.0, 1.0)) : OptionalDouble.empty();
      if (possible.isPresent() && possible.getAsDouble() > threshold) {
        throw new InvalidInputException(o.at("possible_threshold") + ": must not be above the threshold");
      }
      String model = o.string("model", "all-minilm-l6-v2");
      int k = o.integer("neighbours", 20, 1, 10_000);
      boolean failClosed = o.choice("on_embedder_failure", "closed", "closed", "open").equals("closed");
      o.rejectUnknown();
      Embedder embedder = weights.containsKey("cosine") ? context.embedder(model, o.at("model")) : null;
      Duration window = spec.window().map(w -> w.tolerance()).orElse(Duration.ZERO);
      return new CombinedStage(name, field, analyzer, context.normalizer(analyzer), weights, bias, threshold,
          possible, embedder, k, failClosed, window);
    }
  };

  private final String name;
  private final String field;
  private final Analyzer analyzer;
  private final Normalizer normalizer;
  private final Map<String, Double> weights;
  private final List<String> featureNames;
  private final List<Measure> measures;
  private final double bias;
  private final double threshold;
  private final OptionalDouble possible;
  private final Embedder embedder;
  private final int neighbours;
  private final boolean failClosed;
  private final Duration window;

  private CombinedStage(String name, String field, Analyzer analyzer, Normalizer normalizer,
      Map<String, Double> weights, double bias,
      double threshold, OptionalDouble possible, Embedder embedder, int neighbours, boolean failClosed,
      Duration window) {
    this.name = name;
    this.field = field;
    this.analyzer = analyzer;
    this.normalizer = normalizer;
    this.weights = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(weights));
    this.featureNames = List.copyOf(weights.keySet());
    List<Measure> ms = new ArrayList<>();
    for (String f : featureNames) {
      ms.add(SPECIAL_FEATURES.contains(f) ? null : Measures.byName(f));
    }
    this.measures = ms;
    this.bias = bias;
    this.threshold = threshold;
    this.possible = possible;
    this.embedder = embedder;
    this.neighbours = neighbours;
    this.failClosed = failClosed;
    this.window = window;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String type() {
    return "combined";
  }

  @Override
  public String field() {
    return field;
  }

  @Override
  public double threshold() {
    return threshold;
  }

  @Override
  public OptionalDouble score(Probe probe, StoredItem stored) {
    Optional<double[]> fx = features(probe, stored);
    return fx.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(score(fx.get()));
  }

  /** The feature names, in the order of {@link #features}. */
  public List<String> featureNames() {
    return featureNames;
  }

  @Override
  public String vectorName() {
    return embedder == null ? "" : embedder.model() + "/" + field;
  }

  @Override
  public int neighbours() {
    return neighbours;
  }

  @Override
  public boolean failClosed() {
    return failClosed;
  }

  @Override
  public Optional<float[]> vectorOf(Item item) {
    if (embedder == null) {
      return Optional.empty();
    }
    return FieldValues.text(item, field).map(String::strip).filter(s -> !s.isEmpty()).map(embedder::embed);
  }

  /**
   * The feature values for a new item and a stored one, in {@link #featureNames()} order; empty when the field is
   * blank on either side (no evidence). Used by the stage and by {@code deja train}, so that training and checking
   * compute the same numbers.
   */
  public Optional<double[]> features(Probe probe, StoredItem stored) {
    Optional<String> a = FieldValues.text(probe.item(), field).map(normalizer::normalize).filter(s -> !s.isEmpty());
    Optional<String> b = FieldValues.text(stored.item(), field).map(normalizer::normalize).filter(s -> !s.isEmpty());
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    double[] x = new double[featureNames.size()];
    for (int i = 0; i < x.length; i++) {
      String f = featureNames.get(i);
      if (f.equals("cosine")) {
        x[i] = cosine(probe, stored);
      } else if (f.equals("time_proximity")) {
        x[i] = timeProximity(probe.time(), stored.keys().time());
      } else {
        x[i] = clamp(measures.get(i).similarity(a.get(), b.get()));
      }
    }
    return Optional.of(x);
  }

  private double cosine(Probe probe, StoredItem stored) {
    Optional<float[]> mine = probe.vector(vectorName());
    if (mine.isEmpty()) {
      return 0;
    }
    float[] theirs = stored.vectors().get(vectorName());
    if (theirs == null) {
      Optional<float[]> v = vectorOf(stored.item());
      if (v.isEmpty()) {
        return 0;
      }
      theirs = v.get();
    }
    return SemanticStage.cosine(mine.get(), theirs);
  }

  private double timeProximity(Optional<TimeSpan> a, Optional<TimeSpan> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return 0;
    }
    TimeSpan x = a.get();
    TimeSpan y = b.get();
    if (x.allDay() || y.allDay()) {
      return x.allDay() && y.allDay() && x.startDay() == y.startDay() && x.endDay() == y.endDay() ? 1 : 0;
    }
    if (window.isZero()) {
      return x.startMillis() == y.startMillis() ? 1 : 0;
    }
    return Math.max(0, 1 - (double) Math.abs(x.startMillis() - y.startMillis()) / window.toMillis());
  }

  /** The model's score for feature values. */
  public double score(double[] x) {
    double z = bias;
    for (int i = 0; i < x.length; i++) {
      z += weights.get(featureNames.get(i)) * x[i];
    }
    return 1 / (1 + Math.exp(-z));
  }

  @Override
  public StageResult evaluate(Probe probe, List<Candidate> candidates) {
    Explanation.Builder summary = Explanation.of("stage", name).evidence("field", field)
        .evidence("features", weights).threshold(threshold);
    if (FieldValues.text(probe.item(), field).isEmpty()) {
      return new StageResult(List.of(), summary.result("skipped")
          .message("the new item has no value for '" + field + "': no evidence").build());
    }
    List<String> warnings = new ArrayList<>();
    if (embedder != null && probe.vector(vectorName()).isEmpty()) {
      warnings.add("stage '" + name + "': no embedding for the new item; the cosine feature counts as 0");
    }
    List<StageMatch> matches = new ArrayList<>();
    int compared = 0;
    for (Candidate c : candidates) {
      Optional<double[]> fx = features(probe, c.item());
      if (fx.isEmpty()) {
        continue;
      }
      compared++;
      double s = score(fx.get());
      Outcome level;
      if (s >= threshold) {
        level = Outcome.DUPLICATE;
      } else if (possible.isPresent() && s >= possible.getAsDouble()) {
        level = Outcome.POSSIBLE_DUPLICATE;
      } else {
        continue;
      }
      String a = probe.item().findString(field).orElse("");
      String b = c.item().item().findString(field).orElse("");
      Explanation.Builder e = Explanation.of("stage", name).result(level == Outcome.DUPLICATE ? "match" : "possible")
          .message("Combined match: '" + a + "' ≈ '" + b + "'").score(s).threshold(threshold)
          .value("new", normalizer.normalize(a)).value("existing", normalizer.normalize(b))
          .evidence("bias", Explanation.format(bias));
      for (int i = 0; i < fx.get().length; i++) {
        String f = featureNames.get(i);
        double w = weights.get(f);
        e.detail(Explanation.of("feature", f).result("info").score(fx.get()[i])
            .message("weight " + Explanation.format(w) + " → contributes " + Explanation.format(w * fx.get()[i]))
            .build());
      }
      matches.add(new StageMatch(c.id(), s, level, e.build()));
    }
    long dup = matches.stream().filter(m -> m.level() == Outcome.DUPLICATE).count();
    summary.result(dup > 0 ? "match" : matches.isEmpty() ? "no_match" : "possible")
        .message("compared " + compared + " candidate(s): " + dup + " match(es), " + (matches.size() - dup)
            + " possible");
    return new StageResult(matches, summary.build(), warnings);
  }

  private static double clamp(double s) {
    return Double.isNaN(s) ? 0 : Math.max(0, Math.min(1, s));
  }
}
