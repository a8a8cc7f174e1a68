package dev.deja.core.cascade;

import dev.deja.core.embed.Embedder;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.normalize.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Stage {@code combined}: Deja's pair classifier. A calibrated logistic model over several signals, {@code score = 1 /
 * (1 + e^-(bias + Σ weight_i · feature_i))}, compared with a threshold. Weights are fitted on labelled pairs and
 * scenarios by {@code deja train} and shipped in the presets; the score is the model's probability that the pair is a
 * duplicate.
 *
 * <p>Features ({@link PairFeatures}), each in [0, 1]: {@code cosine} (embedding cosine, needs {@code model}), any
 * measure name on the field after the analyzer, {@code time_proximity} and {@code same_start} (need the collection's
 * time window), and the text signals of {@link dev.deja.core.guard.PairSignals} — numbers, negation, names, modality,
 * tense, roles, and how the words left over after aligning the two texts relate in WordNet — which turn what guards
 * veto into evidence the model weighs.
 *
 * <p>Options (read by {@link CombinedStageFactory}): {@code field}, {@code analyzer} (default the field's),
 * {@code model} (default {@code all-minilm-l6-v2}, used when {@code cosine}, {@code token_match} or {@code token_worst}
 * is a feature), {@code features} (name → weight), {@code bias}, {@code similarity_threshold} (default 0.5),
 * {@code possible_threshold}, {@code relative_margin} (when set, a candidate scoring more than this below the
 * best-scoring candidate is not reported: with several stored look-alikes in a window, the new item duplicates the one
 * it matches best), {@code language} ({@code en}, {@code nl}, {@code pt}: the signals' word tables; default
 * {@code en}), {@code neighbours} (default 20), {@code on_embedder_failure} ({@code closed} or {@code open}; open: the
 * cosine feature counts as 0 and the verdict says so), {@code trained} (free text: how the weights were fitted, shown
 * in explanations), {@code vetoes} (signals that decide alone when they are the only difference between the texts:
 * {@code negation_mismatch}, {@code numbers_conflict}, {@code role_change}, {@code swap}, {@code contrast_conflict},
 * {@code other_subject} when every content word is matched; {@code antonym}, {@code sibling}, {@code names_conflict} when exactly one word is
 * replaced on each side; see {@link PairFeatures#VETOES}), {@code judge} (an LLM asked about the pairs whose
 * probability falls in a band, and with {@code ask_on_veto} about vetoed ones; see {@link JudgeStep}: its decision
 * decides them, the probability stays visible).
 *
 * <p>The text signals cost about a millisecond a pair, so a candidate whose score cannot reach the lowest reported
 * threshold whatever its signals (the upper bound from its cosine, time and measures) is not scored further. A check's
 * candidates are scored on several cores ({@link CandidateScoring}), in their order. Thread-safe.
 */
public final class CombinedStage implements VectorStage, Scorer, PairExplainer, JudgedStage {

  /** The feature names that are not measures (kept for callers that list them). */
  public static final List<String> SPECIAL_FEATURES = PairFeatures.SPECIAL;

  /** Builds {@code combined} stages from their options ({@link CombinedStageFactory}). */
  public static final StageFactory FACTORY = new CombinedStageFactory();

  private final String name;
  private final String field;
  private final Normalizer normalizer;
  private final Map<String, Double> weights;
  private final double[] w;
  private final double bias;
  private final double threshold;
  private final OptionalDouble possible;
  private final OptionalDouble margin;
  private final Embedder embedder;
  private final int neighbours;
  private final boolean failClosed;
  private final PairFeatures features;
  private final String trained;
  private final Optional<JudgeStep> judge;
  private final java.util.function.UnaryOperator<String> toEmbed;
  private final java.util.function.UnaryOperator<String> embedded;
  private final java.util.function.BinaryOperator<String> glossBeside;

  CombinedStage(String name, String field, Normalizer normalizer, Map<String, Double> weights, double bias,
      double threshold, OptionalDouble possible, OptionalDouble margin, Embedder embedder, int neighbours,
      boolean failClosed, PairFeatures features, String trained, Optional<JudgeStep> judge,
      java.util.function.UnaryOperator<String> toEmbed, java.util.function.UnaryOperator<String> embedded,
      java.util.function.BinaryOperator<String> glossBeside) {
    this.name = name;
    this.field = field;
    this.normalizer = normalizer;
    this.weights = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(weights));
    this.w = features.names().stream().mapToDouble(weights::get).toArray();
    this.bias = bias;
    this.threshold = threshold;
    this.possible = possible;
    this.margin = margin;
    this.embedder = embedder;
    this.neighbours = neighbours;
    this.failClosed = failClosed;
    this.features = features;
    this.trained = trained;
    this.judge = judge;
    this.toEmbed = toEmbed;
    this.embedded = embedded;
    this.glossBeside = glossBeside;
  }

  @Override
  public Optional<JudgeStep> judge() {
    return judge;
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
    Optional<PairFeatures.Values> fx = features(probe, stored);
    return fx.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(score(fx.get().values()));
  }

  /** The margin below the best match under which candidates are not reported, if the stage has one. */
  public OptionalDouble relativeMargin() {
    return margin;
  }

  /** The feature names, in the order of {@link #features}. */
  public List<String> featureNames() {
    return features.names();
  }

  @Override
  public String vectorName() {
    return embedder == null ? "" : embedder.model() + "/" + field;
  }

  @Override
  public int neighbours() {
    return neighbours;
  }

  /**
   * Without an embedding (no {@code cosine} feature) the stage finds its candidates by the words of its field, as a
   * fuzzy stage does; with one, the vector neighbours are its candidates.
   */
  @Override
  public java.util.Set<String> lexicalTerms(Item item) {
    if (embedder != null) {
      return java.util.Set.of();
    }
    Optional<String> v = FieldValues.text(item, field).map(normalizer::normalize).filter(x -> !x.isBlank());
    if (v.isEmpty()) {
      return java.util.Set.of();
    }
    java.util.Set<String> terms = new java.util.HashSet<>();
    FuzzyStage.addWordTerms(field, v.get(), terms);
    return terms;
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
    return FieldValues.text(item, field).map(String::strip).filter(s -> !s.isEmpty()).map(this::modelText)
        .map(embedder::embed);
  }

  /** A text as the stage's model reads it: glossed when in another language, "the user" in the first person. */
  private String modelText(String raw) {
    return embedded.apply(toEmbed.apply(raw.strip()));
  }

  /**
   * The field's raw and analysed text on both sides, as written (for explanations and the judge) and as the signals
   * read them: when one text is in another language and the other is not, the first's English gloss.
   */
  private record Texts(String rawA, String rawB, String a, String b, String readA, String readB, String normA,
      String normB) {
    boolean glossed() {
      return !readA.equals(rawA) || !readB.equals(rawB);
    }
  }

  private Optional<Texts> texts(Probe probe, StoredItem stored) {
    Optional<String> ra = FieldValues.text(probe.item(), field).filter(s -> !s.isBlank());
    Optional<String> rb = FieldValues.text(stored.item(), field).filter(s -> !s.isBlank());
    if (ra.isEmpty() || rb.isEmpty()) {
      return Optional.empty();
    }
    String a = normalizer.normalize(ra.get());
    String b = normalizer.normalize(rb.get());
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    // One side in another language: the signals compare its gloss with the other text (both in another language:
    // each as written, in its own words); a word of several senses is glossed in the one the other text uses.
    String ga = toEmbed.apply(ra.get());
    String gb = toEmbed.apply(rb.get());
    if (ga.equals(ra.get()) != gb.equals(rb.get())) {
      if (!ga.equals(ra.get())) {
        ga = glossBeside.apply(ra.get(), rb.get());
      } else {
        gb = glossBeside.apply(rb.get(), ra.get());
      }
      String na = normalizer.normalize(ga);
      String nb = normalizer.normalize(gb);
      if (!na.isEmpty() && !nb.isEmpty()) {
        return Optional.of(new Texts(ra.get(), rb.get(), a, b, ga, gb, na, nb));
      }
    }
    return Optional.of(new Texts(ra.get(), rb.get(), a, b, ra.get(), rb.get(), a, b));
  }

  /**
   * All feature values for a new item and a stored one, in {@link #featureNames()} order; empty when the field is
   * blank on either side (no evidence). Used by the stage and by {@code deja train}, so that training and checking
   * compute the same numbers.
   */
  public Optional<PairFeatures.Values> features(Probe probe, StoredItem stored) {
    Optional<Texts> t = texts(probe, stored);
    if (t.isEmpty()) {
      return Optional.empty();
    }
    double[] cheap = features.cheap(t.get().readA(), t.get().readB(), t.get().normA(), t.get().normB(),
        cosine(probe, stored),
        probe.time(), stored.keys().time());
    return Optional.of(features.complete(cheap, t.get().readA(), t.get().readB(), modelText(t.get().rawA()),
        modelText(t.get().rawB()), t.get().glossed()));
  }

  private double cosine(Probe probe, StoredItem stored) {
    if (embedder == null) {
      return 0;
    }
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

  /** The model's score for feature values. */
  public double score(double[] x) {
    double z = bias;
    for (int i = 0; i < x.length; i++) {
      z += w[i] * x[i];
    }
    return 1 / (1 + Math.exp(-z));
  }

  /** The bias of the model. */
  double bias() {
    return bias;
  }

  /** The lowest score the stage reports: its {@code possible_threshold} when set, else its threshold. */
  double lowestReported() {
    return possible.orElse(threshold);
  }

  /** The highest score any pair can reach: the bias plus every positive weight, each feature at its maximum 1. */
  double highestScore() {
    double z = bias;
    for (double x : w) {
      z += Math.max(0, x);
    }
    return 1 / (1 + Math.exp(-z));
  }

  /** The highest score a pair with these cheap features can reach, whatever its signals. */
  private double upperBound(double[] cheap) {
    double z = bias;
    for (int i = 0; i < cheap.length; i++) {
      z += features.isCheap(i) ? w[i] * cheap[i] : Math.max(0, w[i]);
    }
    return 1 / (1 + Math.exp(-z));
  }

  /** The highest score a pair with these features can reach, whatever its token features. */
  private double upperBoundWithSignals(double[] x) {
    double z = bias;
    for (int i = 0; i < x.length; i++) {
      z += features.isToken(i) ? Math.max(0, w[i]) : w[i] * x[i];
    }
    return 1 / (1 + Math.exp(-z));
  }

  /** A candidate scored by the model, before the judge (if any) and the thresholds decide it. */
  private record Scored(Candidate candidate, Texts texts, PairFeatures.Values fx, double score, Outcome inProcess) {}

  @Override
  public StageResult evaluate(Probe probe, List<Candidate> candidates) {
    Explanation.Builder summary = Explanation.of("stage", name).evidence("field", field)
        .evidence("features", weights).threshold(threshold);
    if (!trained.isEmpty()) {
      summary.evidence("trained", trained);
    }
    judge.ifPresent(j -> summary.evidence("judge", j.endpoint() + ", band " + j.bandText()
        + (j.askOnVeto() ? ", ask_on_veto" : "")));
    if (FieldValues.text(probe.item(), field).isEmpty()) {
      return new StageResult(List.of(), summary.result("skipped")
          .message("the new item has no value for '" + field + "': no evidence").build());
    }
    List<String> warnings = new ArrayList<>();
    if (embedder != null && probe.vector(vectorName()).isEmpty()) {
      warnings.add("stage '" + name + "': no embedding for the new item; the cosine feature counts as 0");
    }
    // The lowest score that can be reported, or put to the judge (whose band may reach below the threshold).
    double lowest = possible.orElse(threshold);
    if (judge.isPresent()) {
      lowest = Math.min(lowest, judge.get().low());
    }
    double floor = lowest;
    // The new text as the model reads it: the same for every candidate, computed by the first that needs it.
    Lazy<String> probeModelText = new Lazy<>(() -> modelText(FieldValues.text(probe.item(), field).get()));
    List<Assessed> assessed = CandidateScoring.map(candidates, c -> assess(probe, c, floor, probeModelText));
    List<Scored> scored = new ArrayList<>();
    int compared = 0;
    int bounded = 0;
    for (Assessed a : assessed) {
      if (!a.compared()) {
        continue;
      }
      compared++;
      if (a.scored() == null) {
        bounded++;
        continue;
      }
      if (a.noTokens()) {
        String w = "stage '" + name + "': the model gives no word-piece vectors; the token features count as 0";
        if (!warnings.contains(w)) {
          warnings.add(w);
        }
      }
      scored.add(a.scored());
    }
    JudgeStep.Rulings rulings = judge.map(j -> j.rule(probe.tenant(), pairs(j, probe, scored)))
        .orElse(new JudgeStep.Rulings(Map.of(), List.of()));
    warnings.addAll(rulings.warnings());
    List<StageMatch> matches = new ArrayList<>();
    int vetoed = 0;
    int judged = 0;
    int fellBack = 0;
    // The best-scoring candidate that is not reported, so that a NEW verdict says how close it came and why.
    Explanation closest = null;
    double closestScore = -1;
    for (Scored x : scored) {
      String id = x.candidate().id();
      double s = x.score();
      Optional<JudgeStep.Ruling> ruling = rulings.find(id);
      if (ruling.isPresent()) {
        JudgeStep.Ruling r = ruling.get();
        if (r.judged()) {
          judged++;
        } else {
          fellBack++;
        }
        Explanation e = withJudge(explain(x.texts(), x.fx(), s, r.level()), x.fx().veto(), r);
        if (r.level() != Outcome.NEW) {
          matches.add(new StageMatch(id, s, r.level(), e));
        } else {
          summary.detail(new Explanation("judged", id, e.result(), "candidate " + id + ": " + e.message(),
              e.score(), e.threshold(), e.values(), e.evidence(), e.details()));
        }
        continue;
      }
      if (x.fx().veto().isPresent()) {
        vetoed++;
        if (closest == null || s > closestScore) {
          closest = vetoNode(explain(x.texts(), x.fx(), s, Outcome.NEW), x.fx().veto().get(), s, id);
          closestScore = s;
        }
        continue;
      }
      if (x.inProcess() == Outcome.NEW) {
        if (closest == null || s > closestScore) {
          Explanation e = explain(x.texts(), x.fx(), s, Outcome.NEW);
          closest = new Explanation("closest", id, "no_match", "the closest candidate, " + id + ": "
              + e.message(), e.score(), e.threshold(), e.values(), e.evidence(), e.details());
          closestScore = s;
        }
        continue;
      }
      matches.add(new StageMatch(id, s, x.inProcess(), explain(x.texts(), x.fx(), s, x.inProcess())));
    }
    int dropped = 0;
    if (margin.isPresent() && !matches.isEmpty()) {
      double best = matches.stream().mapToDouble(StageMatch::score).max().orElse(0);
      int before = matches.size();
      matches.removeIf(m -> m.score() < best - margin.getAsDouble());
      dropped = before - matches.size();
    }
    long dup = matches.stream().filter(m -> m.level() == Outcome.DUPLICATE).count();
    if (closest != null && matches.isEmpty()) {
      summary.detail(closest);
    }
    summary.result(dup > 0 ? "match" : matches.isEmpty() ? "no_match" : "possible")
        .message("compared " + compared + " candidate(s): " + dup + " match(es), " + (matches.size() - dup)
            + " possible" + (bounded > 0 ? "; " + bounded + " could not reach " + Explanation.format(lowest)
                + " whatever their text signals" : "")
            + (dropped > 0 ? "; " + dropped + " scored more than " + Explanation.format(margin.getAsDouble())
                + " below the best match and are not reported" : "")
            + (vetoed > 0 ? "; " + vetoed + " vetoed: their only difference contradicts (see vetoes)" : "")
            + (judged + fellBack > 0 ? "; " + (judged + fellBack) + " put to the judge: " + judged + " decided by it"
                + (fellBack > 0 ? ", " + fellBack + " in-process (judge unavailable)" : "") : ""));
    return new StageResult(matches, summary.build(), warnings);
  }

  /**
   * What one candidate comes to: no text to compare ({@link Assessed#NO_TEXT}), bounded (no {@code scored}: it cannot
   * reach {@code lowest} whatever its signals), or scored; {@code noTokens} when the model gave no word pieces.
   */
  private record Assessed(boolean compared, Scored scored, boolean noTokens) {
    static final Assessed NO_TEXT = new Assessed(false, null, false);
    static final Assessed BOUNDED = new Assessed(true, null, false);
  }

  /** Scores one candidate (called for several candidates at once: reads only immutable state). */
  private Assessed assess(Probe probe, Candidate c, double lowest, Lazy<String> probeModelText) {
    Optional<Texts> t = texts(probe, c.item());
    if (t.isEmpty()) {
      return Assessed.NO_TEXT;
    }
    double[] cheap = features.cheap(t.get().readA(), t.get().readB(), t.get().normA(), t.get().normB(),
        cosine(probe, c.item()), probe.time(), c.item().keys().time());
    if (upperBound(cheap) < lowest) {
      return Assessed.BOUNDED;
    }
    PairFeatures.Values fx = features.signals(cheap, t.get().readA(), t.get().readB(), t.get().glossed());
    boolean noTokens = false;
    if (features.usesTokens()) {
      // The word-piece alignment runs the model on the stored text: only for a pair that can still reach.
      if (fx.veto().isEmpty() && upperBoundWithSignals(fx.values()) < lowest) {
        return Assessed.BOUNDED;
      }
      fx = features.withTokens(fx, probeModelText.get(), modelText(t.get().rawB()));
      noTokens = fx.evidence().containsValue(PairFeatures.NO_TOKENS);
    }
    double s = score(fx.values());
    return new Assessed(true, new Scored(c, t.get(), fx, s, fx.veto().isPresent() ? Outcome.NEW : levelOf(s)),
        noTokens);
  }

  /** A value computed once, by the first caller that needs it (thread-safe). */
  private static final class Lazy<T> {
    private final java.util.function.Supplier<T> supplier;
    private T value;

    Lazy(java.util.function.Supplier<T> supplier) {
      this.supplier = supplier;
    }

    synchronized T get() {
      if (value == null) {
        value = supplier.get();
      }
      return value;
    }
  }

  private Outcome levelOf(double s) {
    return s >= threshold ? Outcome.DUPLICATE
        : possible.isPresent() && s >= possible.getAsDouble() ? Outcome.POSSIBLE_DUPLICATE : Outcome.NEW;
  }

  private List<JudgeStep.Pair> pairs(JudgeStep j, Probe probe, List<Scored> scored) {
    List<JudgeStep.Pair> out = new ArrayList<>();
    for (Scored x : scored) {
      Optional<String> timing = j.timingFor(probe.time(), x.candidate().item().keys().time());
      out.add(new JudgeStep.Pair(x.candidate().id(), x.texts().rawA(), x.texts().rawB(), x.texts().a(),
          x.texts().b(), x.score(), x.inProcess(), x.fx().veto(), timing));
    }
    return out;
  }

  /** A pair's stage node with the judge's node added and its decision in the message. */
  static Explanation withJudge(Explanation e, Optional<String> veto, JudgeStep.Ruling r) {
    Explanation.Builder b = Explanation.of(e.kind(), e.name()).result(e.result())
        .message(e.message() + "; " + (r.judged() ? "judge: " + r.node().evidence().get("decision")
            + Optional.ofNullable(r.node().evidence().get("reason")).filter(x -> !x.isEmpty()).map(x -> " — " + x)
                .orElse("")
            : "judge unavailable, in-process decision"));
    e.score().ifPresent(b::score);
    e.threshold().ifPresent(b::threshold);
    e.values().forEach(b::value);
    e.evidence().forEach(b::evidence);
    veto.ifPresent(v -> b.evidence("veto", v));
    return b.details(e.details()).detail(r.node()).build();
  }

  @Override
  public Optional<Explanation> explainPair(Probe probe, StoredItem stored) {
    Optional<Texts> t = texts(probe, stored);
    if (t.isEmpty()) {
      return Optional.empty();
    }
    double[] cheap = features.cheap(t.get().readA(), t.get().readB(), t.get().normA(), t.get().normB(),
        cosine(probe, stored),
        probe.time(), stored.keys().time());
    PairFeatures.Values fx = features.complete(cheap, t.get().readA(), t.get().readB(), modelText(t.get().rawA()),
        modelText(t.get().rawB()), t.get().glossed());
    double s = score(fx.values());
    Outcome level = fx.veto().isPresent() ? Outcome.NEW : s >= threshold ? Outcome.DUPLICATE
        : possible.isPresent() && s >= possible.getAsDouble() ? Outcome.POSSIBLE_DUPLICATE : Outcome.NEW;
    Explanation e = explain(t.get(), fx, s, level);
    if (fx.veto().isPresent()) {
      e = new Explanation(e.kind(), e.name(), "veto", "Vetoed: " + fx.veto().get() + "; score "
          + Explanation.format(s), e.score(), e.threshold(), e.values(), e.evidence(), e.details());
    }
    return Optional.of(e);
  }

  private static Explanation vetoNode(Explanation e, String veto, double s, String id) {
    return new Explanation("closest", id, "veto", "the closest candidate, " + id + ", is vetoed: " + veto
        + " (score " + Explanation.format(s) + ")", e.score(), e.threshold(), e.values(), e.evidence(), e.details());
  }

  private Explanation explain(Texts t, PairFeatures.Values fx, double s, Outcome level) {
    Explanation.Builder e = Explanation.of("stage", name).result(level == Outcome.DUPLICATE ? "match"
        : level == Outcome.POSSIBLE_DUPLICATE ? "possible" : "no_match")
        .message((level == Outcome.NEW ? "No combined match: '" : "Combined match: '") + t.rawA() + "' "
            + (level == Outcome.NEW ? "≠" : "≈") + " '" + t.rawB() + "' (probability of a duplicate "
            + Explanation.format(s) + ")").score(s).threshold(threshold)
        .value("new", t.a()).value("existing", t.b())
        .evidence("bias", Explanation.format(bias));
    if (t.glossed()) {
      e.evidence("read_as", "'" + t.readA() + "' / '" + t.readB() + "' (English gloss of the text in another "
          + "language)");
    }
    double[] x = fx.values();
    List<String> names = features.names();
    for (int i = 0; i < x.length; i++) {
      String f = names.get(i);
      if (x[i] == 0 && !f.equals("cosine")) {
        continue; // a feature at 0 contributes nothing
      }
      Explanation.Builder node = Explanation.of("feature", f).result("info").score(x[i])
          .message("weight " + Explanation.format(w[i]) + " → contributes " + Explanation.format(w[i] * x[i])
              + (fx.evidence().containsKey(f) ? ": " + fx.evidence().get(f) : ""));
      e.detail(node.build());
    }
    return e.build();
  }
}
