package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.index.Candidate;
import dev.deja.core.item.Item;
import dev.deja.core.judge.JudgeKind;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.CachingNormalizer;
import dev.deja.core.normalize.Normalizer;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Stage {@code semantic}: the cosine similarity of the two items' sentence embeddings, compared with a threshold.
 *
 * <p>Options: {@code field} (default the first text field), {@code model} (default {@code all-minilm-l6-v2}),
 * {@code similarity_threshold} (alias {@code threshold}; default 0.8 — calibrate per model and preset, see
 * EVALUATION.md), {@code possible_threshold} (off by default), {@code neighbours} (nearest neighbours fetched as
 * candidates, default 20), {@code on_embedder_failure} ({@code closed}: the check fails, the default; {@code open}: the
 * stage is skipped and the verdict says so), {@code analyzer} (off by default: the text is embedded as written; when
 * set, the normalised text is embedded, e.g. with abbreviations expanded — "Dr. Smith checkup" is embedded as "doctor
 * smith checkup" — and the vectors are named {@code model/field@analyzer} so that they never mix with raw ones),
 * {@code judge} (an LLM asked about the pairs whose cosine falls in a band: see {@link JudgeStep}).
 *
 * <p>The new item is embedded once per check; stored items carry their vector (computed at write time) and are never
 * re-embedded, except items stored before the stage existed, which are embedded on the fly and marked so in the
 * explanation. Negative cosines count as 0. Thread-safe.
 */
public final class SemanticStage implements VectorStage, Scorer, JudgedStage {

  /** Builds {@code semantic} stages. */
  public static final StageFactory FACTORY = new StageFactory() {
    @Override
    public String type() {
      return "semantic";
    }

    @Override
    public Stage create(String name, Options o, StageContext context) {
      CollectionSpec spec = context.spec();
      String field = o.has("field") ? o.requiredString("field") : ExactStage.firstText(spec, o, "field");
      spec.singleValuedField(field, o.at("field"));
      String model = o.string("model", "all-minilm-l6-v2");
      o.alsoKnown("similarity_threshold", "threshold");
      if (o.has("similarity_threshold") && o.has("threshold")) {
        throw new InvalidInputException(o.path() + ": give similarity_threshold or threshold, not both");
      }
      double threshold = o.number(o.has("threshold") ? "threshold" : "similarity_threshold", 0.8, 0.0, 1.0);
      OptionalDouble possible = o.has("possible_threshold")
          ? OptionalDouble.of(o.number("possible_threshold", 0, 0.0, 1.0)) : OptionalDouble.empty();
      if (possible.isPresent() && possible.getAsDouble() > threshold) {
        throw new InvalidInputException(o.at("possible_threshold") + ": must not be above the threshold ("
            + threshold + ")");
      }
      int k = o.integer("neighbours", 20, 1, 10_000);
      String failure = o.choice("on_embedder_failure", "closed", "closed", "open");
      Optional<Analyzer> analyzer = o.has("analyzer")
          ? Optional.of(spec.analyzer(o.string("analyzer", "none"), o.at("analyzer"))) : Optional.empty();
      Optional<JudgeStep> judge = JudgeStep.read(o, name, context.judging(), JudgeKind.forField(spec, field),
          false);
      o.rejectUnknown();
      Embedder embedder = context.embedder(model, o.at("model"));
      return new SemanticStage(name, field, embedder, threshold, possible, k, failure.equals("closed"),
          analyzer.filter(a -> !a.name().equals("none")), judge, context.normalizer(Analyzer.STANDARD));
    }
  };

  private final String name;
  private final String field;
  private final Embedder embedder;
  private final double threshold;
  private final OptionalDouble possible;
  private final int neighbours;
  private final boolean failClosed;
  private final Optional<Analyzer> analyzer;
  private final Optional<Normalizer> normalizer;
  private final Optional<JudgeStep> judge;
  /** The judge's cache keys: the texts after the standard analyzer. */
  private final Normalizer judgeKeys;

  private SemanticStage(String name, String field, Embedder embedder, double threshold, OptionalDouble possible,
      int neighbours, boolean failClosed, Optional<Analyzer> analyzer, Optional<JudgeStep> judge,
      Normalizer judgeKeys) {
    this.judge = judge;
    this.judgeKeys = judgeKeys;
    this.analyzer = analyzer;
    this.normalizer = analyzer.map(CachingNormalizer::of);
    this.name = name;
    this.field = field;
    this.embedder = embedder;
    this.threshold = threshold;
    this.possible = possible;
    this.neighbours = neighbours;
    this.failClosed = failClosed;
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
    return "semantic";
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
  public OptionalDouble score(Probe probe, dev.deja.core.item.StoredItem stored) {
    Optional<float[]> mine = probe.vector(vectorName());
    if (mine.isEmpty()) {
      return OptionalDouble.empty();
    }
    float[] theirs = stored.vectors().get(vectorName());
    if (theirs == null) {
      Optional<float[]> v = vectorOf(stored.item());
      if (v.isEmpty()) {
        return OptionalDouble.empty();
      }
      theirs = v.get();
    }
    return OptionalDouble.of(cosine(mine.get(), theirs));
  }

  @Override
  public String vectorName() {
    // The analyzer is part of the name: vectors of normalised and raw text are never compared with each other.
    return embedder.model() + "/" + field + analyzer.map(a -> "@" + a.name()).orElse("");
  }

  /** The text embedded for a value: the value itself, or its normalised form when the stage has an analyzer. */
  public String embeddedText(String value) {
    return normalizer.map(n -> n.normalize(value)).orElse(value);
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
    return FieldValues.text(item, field).map(this::embeddedText).map(String::strip).filter(s -> !s.isEmpty())
        .map(embedder::embed);
  }

  /** Cosine similarity clamped to [0, 1]. */
  static double cosine(float[] a, float[] b) {
    if (a.length != b.length) {
      return 0;
    }
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      na += (double) a[i] * a[i];
      nb += (double) b[i] * b[i];
    }
    if (na == 0 || nb == 0) {
      return 0;
    }
    return Math.max(0.0, Math.min(1.0, dot / Math.sqrt(na * nb)));
  }

  /** A candidate scored by cosine, before the judge (if any) and the thresholds decide it. */
  private record Scored(Candidate candidate, double score, boolean fresh, Outcome inProcess) {}

  @Override
  public StageResult evaluate(Probe probe, List<Candidate> candidates) {
    Explanation.Builder summary = Explanation.of("stage", name).evidence("field", field)
        .evidence("model", embedder.model()).threshold(threshold);
    analyzer.ifPresent(a -> summary.evidence("analyzer", a.name()));
    judge.ifPresent(j -> summary.evidence("judge", j.endpoint() + ", band " + j.bandText()));
    Optional<float[]> mine = probe.vector(vectorName());
    if (mine.isEmpty()) {
      boolean blank = FieldValues.text(probe.item(), field).isEmpty();
      return new StageResult(List.of(), summary.result("skipped").message(blank
          ? "the new item has no value for '" + field + "': no evidence"
          : "no embedding for the new item (the embedder failed open)").build());
    }
    int compared = 0;
    int reembedded = 0;
    List<Scored> scored = new ArrayList<>();
    for (Candidate c : candidates) {
      float[] theirs = c.item().vectors().get(vectorName());
      boolean fresh = false;
      if (theirs == null) {
        Optional<float[]> v = vectorOf(c.item().item());
        if (v.isEmpty()) {
          continue;
        }
        theirs = v.get();
        fresh = true;
        reembedded++;
      }
      compared++;
      double score = cosine(mine.get(), theirs);
      Outcome level = score >= threshold ? Outcome.DUPLICATE
          : possible.isPresent() && score >= possible.getAsDouble() ? Outcome.POSSIBLE_DUPLICATE : Outcome.NEW;
      if (level != Outcome.NEW || judge.isPresent() && judge.get().inBand(score)) {
        scored.add(new Scored(c, score, fresh, level));
      }
    }
    String a = probe.item().findString(field).orElse("");
    JudgeStep.Rulings rulings = judge.map(j -> j.rule(probe.tenant(), scored.stream().map(x -> {
      String b = x.candidate().item().item().findString(field).orElse("");
      return new JudgeStep.Pair(x.candidate().id(), a, b, judgeKeys.normalize(a), judgeKeys.normalize(b), x.score(),
          x.inProcess(), Optional.empty(), j.timingFor(probe.time(), x.candidate().item().keys().time()));
    }).toList())).orElse(new JudgeStep.Rulings(java.util.Map.of(), List.of()));
    List<StageMatch> matches = new ArrayList<>();
    int asked = 0;
    for (Scored x : scored) {
      Optional<JudgeStep.Ruling> ruling = rulings.find(x.candidate().id());
      Outcome level = ruling.map(JudgeStep.Ruling::level).orElse(x.inProcess());
      if (ruling.isEmpty() && level == Outcome.NEW) {
        continue;
      }
      String b = x.candidate().item().item().findString(field).orElse("");
      Explanation.Builder e = Explanation.of("stage", name)
          .result(level == Outcome.DUPLICATE ? "match" : level == Outcome.NEW ? "no_match" : "possible")
          .message((level == Outcome.NEW ? "No semantic match: '" + a + "' ≠ '" : "Semantic match: '" + a + "' ≈ '")
              + b + "'").score(x.score()).threshold(threshold)
          .value("new", a).value("existing", b)
          .detail(Explanation.of("measure", "cosine").result("info").score(x.score())
              .message("cosine similarity of " + embedder.model() + " embeddings").build());
      possible.ifPresent(p -> e.evidence("possible_threshold", Explanation.format(p)));
      if (analyzer.isPresent()) {
        e.evidence("embedded_new", embeddedText(a)).evidence("embedded_existing", embeddedText(b));
      }
      if (x.fresh()) {
        e.evidence("note", "the stored item had no vector and was embedded now");
      }
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
    summary.result(dup > 0 ? "match" : matches.isEmpty() ? "no_match" : "possible")
        .message("compared " + compared + " candidate(s): " + dup + " match(es), " + (matches.size() - dup)
            + " possible" + (reembedded > 0 ? "; " + reembedded + " stored item(s) had no vector" : "")
            + (asked > 0 ? "; " + asked + " put to the judge" : ""));
    return new StageResult(matches, summary.build(), rulings.warnings());
  }
}
