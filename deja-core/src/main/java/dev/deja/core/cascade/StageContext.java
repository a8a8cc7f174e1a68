package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.judge.Judging;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.normalize.CachingNormalizer;
import dev.deja.core.normalize.Normalizer;
import dev.deja.core.spec.CollectionSpec;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a {@link StageFactory} may use to build a stage: the collection spec (fields, analyzers) and the components
 * the application provides (embedders).
 *
 * @param spec the collection spec
 * @param embedders where embedders come from
 * @param normalizers the cached normaliser of each analyzer, shared by the stages built with this context
 * @param storedValues the stored-key prefix under which a stage of this context indexes a field's whole normalised
 *     value, by field and analyzer (see {@link #storesValue})
 * @param judging where the judges of stages with a {@code judge:} option come from, who hears their calls, and the
 *     clock of their budgets
 */
public record StageContext(CollectionSpec spec, EmbedderProvider embedders, Map<Analyzer, Normalizer> normalizers,
    Map<StoredValue, String> storedValues, Judging judging) {
  public StageContext {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(embedders, "embedders");
    Objects.requireNonNull(normalizers, "normalizers");
    Objects.requireNonNull(storedValues, "storedValues");
    Objects.requireNonNull(judging, "judging");
  }

  /** A context whose stages will share one normaliser cache per analyzer, and ask judges from {@code judging}. */
  public StageContext(CollectionSpec spec, EmbedderProvider embedders, Judging judging) {
    this(spec, embedders, new ConcurrentHashMap<>(), new ConcurrentHashMap<>(), judging);
  }

  /**
   * A context for stages built for their keys, features or validation, not to decide: a stage's {@code judge}
   * endpoint is accepted by name and never called ({@link Judging#placeholders()}).
   */
  public StageContext(CollectionSpec spec, EmbedderProvider embedders) {
    this(spec, embedders, Judging.placeholders());
  }

  /** A field normalised by an analyzer. */
  public record StoredValue(String field, Analyzer analyzer) {}

  /**
   * Records that an enabled stage built with this context makes, for every item whose field has a non-blank normalised
   * value, exactly one index key {@code prefix + value} (the exact stage over that one field), and none otherwise
   * ({@link StageRegistry#build(StageContext)} records {@link Stage#storedValues} of the stages that run).
   */
  public void storesValue(String field, Analyzer analyzer, String prefix) {
    storedValues.putIfAbsent(new StoredValue(field, analyzer), prefix);
  }

  /**
   * The key prefix under which a stored item's normalised value of a field already sits among its keys, when a stage
   * of this context stores it: a stage comparing stored values reads them there instead of normalising every
   * candidate again. Ask when evaluating, not when building: the stage that stores it may be built later.
   */
  public java.util.Optional<String> storedValue(String field, Analyzer analyzer) {
    return java.util.Optional.ofNullable(storedValues.get(new StoredValue(field, analyzer)));
  }

  /**
   * The analyzer behind a cache shared by every stage of this context that uses it: stages normalise the same stored
   * values (an exact and a fuzzy stage over one field both read every candidate's text), so one computes and the
   * others find it.
   */
  public Normalizer normalizer(Analyzer analyzer) {
    return normalizers.computeIfAbsent(analyzer, CachingNormalizer::of);
  }

  /**
   * This context for building a stage that is switched off: its options are still checked, but a model the
   * application does not provide is not an error (an embedder that fails if ever used stands in), so that a preset's
   * disabled alternative ("the design's cosine-only strategy") does not make its model a requirement.
   */
  public StageContext forDisabledStage() {
    EmbedderProvider real = embedders;
    // A disabled stage never runs, so its judge endpoint need not exist either.
    return new StageContext(spec, model -> real.find(model).or(() -> java.util.Optional.of(
        dev.deja.core.embed.EmbedderProviders.placeholder(model))), normalizers, new ConcurrentHashMap<>(),
        Judging.placeholders());
  }

  /** The embedder for a model, or an error naming where it was asked for. */
  public Embedder embedder(String model, String where) {
    return embedders.find(model).orElseThrow(() -> new InvalidInputException(where + ": no embedder for model '"
        + model + "' is available (in-process models need the deja-embed module; remote ones need an endpoint)"));
  }
}
