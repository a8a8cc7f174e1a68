package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.guard.Glosses;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.guard.Speakers;
import dev.deja.core.judge.JudgeKind;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import dev.deja.core.normalize.Analyzer;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds {@code combined} stages ({@link CombinedStage}) from their options: checks them, reads the weights, and wires
 * the features to the models they need — the stage's model for {@code cosine} and the token features (declaring to
 * it that its word pieces will be aligned), other models for {@code cosine@MODEL} — and to the judge. Thread-safe.
 */
final class CombinedStageFactory implements StageFactory {
  private static final System.Logger LOG = System.getLogger(CombinedStageFactory.class.getName());
  /** The stages warned about, so that a server that creates many collections warns once per stage name. */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  @Override
  public String type() {
    return "combined";
  }

  @Override
  public Stage create(String name, Options o, StageContext context) {
    CollectionSpec spec = context.spec();
    String field = o.has("field") ? o.requiredString("field") : ExactStage.firstText(spec, o, "field");
    Analyzer analyzer = spec.analyzer(o.string("analyzer", spec.singleValuedField(field, o.at("field")).analyzer()),
        o.at("analyzer"));
    // A feature set to null is removed (a configuration merged onto a preset drops the preset's feature that way).
    Map<String, Object> raw = new LinkedHashMap<>(o.map("features"));
    raw.values().removeIf(java.util.Objects::isNull);
    if (raw.isEmpty()) {
      throw new InvalidInputException(o.at("features") + ": name at least one feature with its weight, e.g. "
          + "{cosine: 4.0, sequence: 1.0}; fit weights with 'deja train'");
    }
    Map<String, Double> weights = new LinkedHashMap<>();
    raw.forEach((k, v) -> weights.put(k, Options.checkedNumber(o.at("features") + "." + k, v, -1000, 1000)));
    if ((weights.containsKey("time_proximity") || weights.containsKey("same_start")) && spec.window().isEmpty()) {
      throw new InvalidInputException(o.at("features") + ": time_proximity and same_start need a collection with a "
          + "time window");
    }
    double bias = o.number("bias", 0.0, -1000, 1000);
    double threshold = o.number("similarity_threshold", 0.5, 0.0, 1.0);
    OptionalDouble possible = o.has("possible_threshold")
        ? OptionalDouble.of(o.number("possible_threshold", 0, 0.0, 1.0)) : OptionalDouble.empty();
    if (possible.isPresent() && possible.getAsDouble() > threshold) {
      throw new InvalidInputException(o.at("possible_threshold") + ": must not be above the threshold ("
          + threshold + ")");
    }
    OptionalDouble margin = o.has("relative_margin")
        ? OptionalDouble.of(o.number("relative_margin", 1, 0.0, 1.0)) : OptionalDouble.empty();
    String model = o.string("model", "all-minilm-l6-v2");
    int k = o.integer("neighbours", 20, 1, 10_000);
    boolean failClosed = o.choice("on_embedder_failure", "closed", "closed", "open").equals("closed");
    Lexicon lexicon = Lexicon.of(o.choice("language", "en", "en", "nl", "pt"));
    String trained = o.string("trained", "");
    List<String> vetoes = o.strings("vetoes", List.of());
    boolean translate = o.bool("translate", true);
    Optional<JudgeStep> judge = JudgeStep.read(o, name, context.judging(), JudgeKind.forField(spec, field), true);
    o.rejectUnknown();
    Duration window = spec.window().map(w -> w.tolerance()).orElse(Duration.ZERO);
    withoutWordKnowledge(name, weights.keySet(), WordKnowledges.defaults() != WordKnowledge.none());
    PairFeatures features = new PairFeatures(List.copyOf(weights.keySet()), o.at("features"), lexicon,
        WordKnowledges.defaults(), window, m -> context.embedder(m, o.at("features") + ".cosine@" + m))
        .vetoes(vetoes, o.at("vetoes"));
    Embedder embedder = weights.containsKey("cosine") ? context.embedder(model, o.at("model")) : null;
    if (features.usesTokens()) {
      Embedder pieces = embedder != null ? embedder : context.embedder(model, o.at("model"));
      pieces.keepTokenVectors();
      features.tokens(pieces::tokenVectors);
    }
    java.util.function.UnaryOperator<String> toEmbed = translate && lexicon.language().equals("en")
        ? text -> Glosses.english(text, lexicon, WordKnowledges.defaults()) : text -> text;
    java.util.function.BinaryOperator<String> glossBeside = translate && lexicon.language().equals("en")
        ? (text, other) -> Glosses.english(text, other, lexicon, WordKnowledges.defaults()) : (text, other) -> text;
    // The model reads a memory about "the user" in the first person ("User is a single father." → "I am a single
    // father."); the signals read the text as written (they take an opening "User" as the speaker already).
    java.util.function.UnaryOperator<String> embedded = lexicon.language().equals("en") ? Speakers::firstPerson
        : text -> text;
    return new CombinedStage(name, field, context.normalizer(analyzer), weights, bias, threshold, possible, margin,
        embedder, k, failClosed, features, trained, judge, toEmbed, embedded, glossBeside);
  }

  /**
   * The lexical signals ({@link PairSignals#NAMES} but the surface {@code sequence}, alone or in products) a stage
   * weighs when no word knowledge is on the class path ({@code knowledge} false), logged once per stage name at
   * WARNING; empty when there is knowledge or no such signal. The presets' weights were fitted with the {@code
   * deja-lexicon} module (WordNet, number words, first names); without it those signals read less — no synonyms,
   * siblings or opposites, no number words — and the stage scores otherwise than its fit and the documented figures
   * say.
   */
  static List<String> withoutWordKnowledge(String stage, Collection<String> features, boolean knowledge) {
    if (knowledge) {
      return List.of();
    }
    List<String> lexical = features.stream()
        .filter(f -> Arrays.stream(f.split("\\*")).anyMatch(n -> !n.equals("sequence")
            && PairSignals.NAMES.contains(n))).toList();
    if (!lexical.isEmpty() && WARNED.add(stage)) {
      LOG.log(System.Logger.Level.WARNING, "combined stage ''{0}'' weighs lexical signals ({1}) but no word knowledge"
          + " is on the class path: add the dev.deja:deja-lexicon module, with which the weights were fitted, or its"
          + " scores differ from the documented ones", stage, String.join(", ", lexical.subList(0,
          Math.min(5, lexical.size()))) + (lexical.size() > 5 ? ", …" : ""));
    }
    return lexical;
  }
}
