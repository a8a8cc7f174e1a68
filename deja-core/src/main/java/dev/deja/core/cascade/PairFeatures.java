package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.TokenVectors;
import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.PairSignals;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.measure.Measure;
import dev.deja.core.measure.Measures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The features a {@code combined} stage weighs, by name, and how each is computed for a new item and a stored one.
 * Every feature is in [0, 1].
 *
 * <table>
 *   <caption>Features</caption>
 *   <tr><th>name</th><th>value</th></tr>
 *   <tr><td>{@code cosine}</td><td>embedding cosine of the two texts (clamped at 0), with the stage's model</td></tr>
 *   <tr><td>{@code cosine@MODEL}</td><td>the cosine with another model, embedded for each pair (through a cache)
 *       rather than stored: for measuring models together with {@code deja train} and {@code deja eval}</td></tr>
 *   <tr><td>{@code token_match}</td><td>how well the two texts' word pieces align in the stage's model: each piece's
 *       best cosine with a piece of the other text (the model's last-layer vectors, in context), averaged per text,
 *       the harmonic mean of the two averages (BERTScore's F1, Zhang et al. 2020) — computed for a pair whose score
 *       can still reach the threshold</td></tr>
 *   <tr><td>{@code token_worst}</td><td>the lowest of those best cosines over both texts' pieces (clamped at 0): the
 *       piece the other text says least ("sensory" against "swim")</td></tr>
 *   <tr><td>a measure name ({@code sequence}, {@code trigram}, …)</td><td>that measure on the analysed texts</td></tr>
 *   <tr><td>{@code time_proximity}</td><td>{@code 1 - |Δstart| / window} for timed items; 1 for all-day items on the
 *       same dates</td></tr>
 *   <tr><td>{@code same_start}</td><td>1 when both start at the same instant (or are all-day on the same dates)</td></tr>
 *   <tr><td>the {@link PairSignals#NAMES signals}</td><td>numbers, negation, names, word relations…, as
 *       {@link PairSignals} computes them on the raw texts</td></tr>
 *   <tr><td>{@code unexplained}</td><td>1 when the texts differ in something a rewording does not change: a content
 *       word without counterpart, or a signal of numbers, negation, names, contrast, modality, tense, roles</td></tr>
 *   <tr><td>{@code near_changed}</td><td>{@code sequence × unexplained}: a near copy with a change</td></tr>
 *   <tr><td>{@code near_clean}</td><td>{@code sequence × (1 − unexplained)}: a near copy without one</td></tr>
 *   <tr><td>{@code A*B}</td><td>the product of two of the signals or derived features above, e.g.
 *       {@code negation_mismatch*sequence}: a negation in a near copy, which weighs differently from one in a
 *       rewording ("I don't drink alcohol" / "I'm teetotal")</td></tr>
 * </table>
 *
 * <p>Signal-based features need the field's raw text on both sides; they are computed once per pair. Thread-safe:
 * immutable.
 */
public final class PairFeatures {
  /** Features that are neither measures nor signals. */
  public static final List<String> SPECIAL = List.of("cosine", "time_proximity", "same_start", "unexplained",
      "near_changed", "near_clean", "token_match", "token_worst");

  /** The features that align the two texts' word pieces. */
  static final List<String> TOKEN_FEATURES = List.of("token_match", "token_worst");

  /** The signals whose firing makes a pair {@code unexplained}. */
  private static final List<String> CHANGE_SIGNALS = List.of("negation_mismatch", "numbers_conflict",
      "numbers_one_side", "contrast_conflict", "modality_mismatch", "role_change", "swap", "names_conflict",
      "names_one_side", "tense_mismatch");

  /** Features that are evidence for a duplicate: their weight is never negative in a monotone fit. */
  private static final java.util.Set<String> FOR = java.util.Set.of("cosine", "time_proximity", "same_start",
      "matched_share", "near_clean", "sequence", "token_match", "token_worst");
  /** Features that are evidence against a duplicate: their weight is never positive in a monotone fit. */
  private static final java.util.Set<String> AGAINST = java.util.Set.of("numbers_conflict", "negation_mismatch",
      "names_conflict", "contrast_conflict", "modality_mismatch", "swap", "role_change", "tense_mismatch", "sibling",
      "antonym", "modifier_change", "single_change", "unmatched", "extension", "near_changed", "unexplained",
      "closeness", "owner_only", "head_differs");

  /**
   * The sign a feature's weight must keep in a monotone fit ({@code deja train}): +1 for evidence that the texts say
   * the same (embedding cosine, shared words, surface similarity, time), -1 for evidence of a difference (a conflict,
   * a left-over word, another thing of the same kind), 0 where the meaning does not fix a direction (a number or name
   * on one side only, another language, the speaker). A product takes the sign of its non-{@code sequence} factor.
   */
  public static int sign(String feature) {
    if (otherModel(feature).isPresent() || Measures.find(feature).isPresent() && !AGAINST.contains(feature)) {
      return 1;
    }
    int star = feature.indexOf('*');
    if (star > 0) {
      String a = feature.substring(0, star);
      String b = feature.substring(star + 1);
      return sign(a.equals("sequence") ? b : a);
    }
    return FOR.contains(feature) ? 1 : AGAINST.contains(feature) ? -1 : 0;
  }

  /** Every feature name a stage may use: the special ones, the signals, then the measures. */
  public static List<String> known() {
    List<String> out = new ArrayList<>(SPECIAL);
    out.addAll(PairSignals.NAMES);
    for (String m : Measures.names()) {
      if (!out.contains(m)) {
        out.add(m);
      }
    }
    return out;
  }

  /** The model of a {@code cosine@MODEL} feature, if it is one. */
  static Optional<String> otherModel(String feature) {
    return feature.startsWith("cosine@") && feature.length() > 7 ? Optional.of(feature.substring(7))
        : Optional.empty();
  }

  /**
   * The signals a stage may veto on, and what "the only difference" means for each: all content words matched
   * (the texts differ only in a negation, a number, a preposition's direction, an order around a comparative, who
   * the subject is: "My sister is travelling to Lisbon" / "I'm travelling to Lisbon with my sister"), or
   * exactly one word replaced on each side (by its opposite, another thing of the same kind, another name).
   */
  public static final Map<String, String> VETOES = Map.of(
      "negation_mismatch", "matched", "numbers_conflict", "matched", "role_change", "matched", "swap", "matched",
      "contrast_conflict", "matched", "other_subject", "matched", "antonym", "single", "sibling", "single",
      "names_conflict", "single");

  private List<String> vetoes = List.of();

  /** Veto, whatever the score, a pair whose only difference is one of these signals ({@link #VETOES}). */
  PairFeatures vetoes(List<String> signals, String where) {
    for (String v : signals) {
      if (!VETOES.containsKey(v)) {
        throw new InvalidInputException(where + ": '" + v + "' cannot veto; vetoes: "
            + String.join(", ", new java.util.TreeSet<>(VETOES.keySet())));
      }
    }
    this.vetoes = List.copyOf(signals);
    if (!signals.isEmpty()) {
      this.needsSignals = true;
    }
    return this;
  }

  /**
   * Where the token features get a text's word pieces: the stage's embedder ({@link
   * dev.deja.core.embed.Embedder#tokenVectors}). Without one they are 0.
   */
  PairFeatures tokens(java.util.function.Function<String, Optional<TokenVectors>> source) {
    this.tokenSource = source;
    return this;
  }

  /** Whether a feature aligns word pieces (the stage then needs an embedder that gives them). */
  boolean usesTokens() {
    return needsTokens;
  }

  private final List<String> names;
  private final List<Measure> measures;
  private final java.util.function.Function<String, dev.deja.core.embed.Embedder> otherEmbedders;
  private final Map<String, float[]> otherVectors = new java.util.concurrent.ConcurrentHashMap<>();
  /** Whether a feature aligns word pieces ({@link #TOKEN_FEATURES}). */
  private final boolean needsTokens;
  /** The stage's model's word pieces of a text, when it gives them. */
  private java.util.function.Function<String, Optional<TokenVectors>> tokenSource = text -> Optional.empty();
  private boolean needsSignals;
  /** Whether a feature uses the {@code defined} signal, the only one that reads dictionary definitions. */
  private final boolean needsDefinitions;
  private final Lexicon lexicon;
  private final WordKnowledge knowledge;
  private final Duration window;
  /** The index of each cheap factor that is a feature of this stage, for the products that name it. */
  private final Map<String, Integer> cheapFactors;

  /**
   * The features of a stage.
   *
   * @param names the feature names, in the order of the stage's weights
   * @param where where they were configured, for messages
   * @param lexicon the language tables of the signals
   * @param knowledge word knowledge for the signals
   * @param window the collection's time window (zero when it has none)
   */
  public PairFeatures(List<String> names, String where, Lexicon lexicon, WordKnowledge knowledge, Duration window) {
    this(names, where, lexicon, knowledge, window, model -> {
      throw new InvalidInputException(where + ".cosine@" + model + ": no embedder for other models here");
    });
  }

  /**
   * The features of a stage that may use other models' cosines.
   *
   * @param otherEmbedders the embedder of a model named by a {@code cosine@MODEL} feature
   */
  public PairFeatures(List<String> names, String where, Lexicon lexicon, WordKnowledge knowledge, Duration window,
      java.util.function.Function<String, dev.deja.core.embed.Embedder> otherEmbedders) {
    this.names = List.copyOf(names);
    this.otherEmbedders = otherEmbedders;
    List<Measure> ms = new ArrayList<>();
    boolean signals = false;
    for (String n : names) {
      if (otherModel(n).isPresent()) {
        otherEmbedders.apply(otherModel(n).get()); // fail early on an unknown model
        ms.add(null);
      } else if (n.contains("*")) {
        String[] parts = n.split("\\*", -1);
        for (String part : parts) {
          if (parts.length != 2 || !isSignal(part) && !(CHEAP_FACTORS.contains(part) && names.contains(part))) {
            throw new InvalidInputException(where + "." + n + ": a product names two of the text signals or derived "
                + "features, e.g. negation_mismatch*sequence, or one of them and cosine, time_proximity or same_start "
                + "when that is a feature of the stage too; signals: " + String.join(", ", PairSignals.NAMES)
                + ", unexplained, near_changed, near_clean");
          }
        }
        if (parts.length == 2 && CHEAP_FACTORS.contains(parts[0]) && CHEAP_FACTORS.contains(parts[1])) {
          throw new InvalidInputException(where + "." + n + ": a product needs at least one text signal");
        }
        ms.add(null);
        signals = true;
      } else if (SPECIAL.contains(n) || PairSignals.NAMES.contains(n)) {
        ms.add(null);
        signals |= !n.equals("cosine") && !n.equals("time_proximity") && !n.equals("same_start")
            && !TOKEN_FEATURES.contains(n);
      } else {
        Optional<Measure> m = Measures.find(n);
        if (m.isEmpty()) {
          throw new InvalidInputException(where + "." + n + ": unknown feature; features: "
              + String.join(", ", known()));
        }
        ms.add(m.get());
      }
    }
    this.measures = ms;
    this.needsSignals = signals;
    this.needsDefinitions = names.stream().anyMatch(n -> List.of(n.split("\\*")).contains("defined"));
    this.needsTokens = names.stream().anyMatch(TOKEN_FEATURES::contains);
    Map<String, Integer> factors = new LinkedHashMap<>();
    for (String c : CHEAP_FACTORS) {
      if (names.contains(c)) {
        factors.put(c, names.indexOf(c));
      }
    }
    this.cheapFactors = Map.copyOf(factors);
    this.lexicon = lexicon;
    this.knowledge = knowledge;
    this.window = window;
  }

  /** The feature names, in order. */
  public List<String> names() {
    return names;
  }

  /** Cheap features that may be a factor of a product with a signal ({@code time_proximity*matched_share}). */
  private static final List<String> CHEAP_FACTORS = List.of("cosine", "time_proximity", "same_start");

  private static boolean isSignal(String n) {
    return PairSignals.NAMES.contains(n) || n.equals("unexplained") || n.equals("near_changed")
        || n.equals("near_clean");
  }

  /** Whether a feature is cheap: known without the pair's text signals (cosine, time, measures). */
  public boolean isCheap(int i) {
    String n = names.get(i);
    return n.equals("cosine") || n.equals("time_proximity") || n.equals("same_start") || measures.get(i) != null
        || otherModel(n).isPresent();
  }

  /**
   * Feature values of a pair, with what the signals saw.
   *
   * @param values one value per feature, in {@link #names()} order
   * @param evidence signal name → what was seen, for the signals that fired
   * @param veto when one of the stage's vetoes applies: why the pair is not a duplicate whatever its score
   */
  public record Values(double[] values, Map<String, String> evidence, Optional<String> veto) {
    public Values {
      values = values.clone();
      // In the features' order, the same in every run (Map.copyOf's iteration order changes from one JVM to the next).
      evidence = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
      java.util.Objects.requireNonNull(veto, "veto");
    }

    public Values(double[] values, Map<String, String> evidence) {
      this(values, evidence, Optional.empty());
    }

    @Override
    public double[] values() {
      return values.clone();
    }
  }

  /**
   * The cheap features of a pair (the others are left at 0): what {@link CombinedStage} needs to bound a pair's score
   * before computing its signals.
   */
  double[] cheap(String rawA, String rawB, String analysedA, String analysedB, double cosine, Optional<TimeSpan> ta,
      Optional<TimeSpan> tb) {
    double[] x = new double[names.size()];
    for (int i = 0; i < x.length; i++) {
      String n = names.get(i);
      if (n.equals("cosine")) {
        x[i] = Math.max(0, Math.min(1, cosine));
      } else if (n.equals("time_proximity")) {
        x[i] = timeProximity(ta, tb);
      } else if (n.equals("same_start")) {
        x[i] = sameStart(ta, tb);
      } else if (measures.get(i) != null) {
        x[i] = clamp(measures.get(i).similarity(analysedA, analysedB));
      } else if (otherModel(n).isPresent()) {
        String model = otherModel(n).get();
        x[i] = Math.max(0, Math.min(1, dot(vector(model, rawA), vector(model, rawB))));
      }
    }
    return x;
  }

  private float[] vector(String model, String text) {
    String key = model + '\u0000' + text;
    float[] v = otherVectors.get(key);
    if (v == null) {
      v = otherEmbedders.apply(model).embed(text.strip());
      if (otherVectors.size() >= 100_000) {
        otherVectors.clear();
      }
      otherVectors.put(key, v);
    }
    return v;
  }

  private static double dot(float[] a, float[] b) {
    return SemanticStage.cosine(a, b);
  }

  /** All features of a pair, starting from its {@link #cheap} ones. */
  Values complete(double[] cheap, String rawA, String rawB) {
    return complete(cheap, rawA, rawB, rawA, rawB, false);
  }

  /**
   * All features of a pair, starting from its {@link #cheap} ones; {@code modelA} and {@code modelB} are the texts as
   * the stage's model reads them (glossed, in the first person), for the token features; {@code glossed}: one of the
   * texts is the English gloss of a text in another language ({@link #signals}).
   */
  Values complete(double[] cheap, String rawA, String rawB, String modelA, String modelB, boolean glossed) {
    Values v = signals(cheap, rawA, rawB, glossed);
    return needsTokens ? withTokens(v, modelA, modelB) : v;
  }

  /** Whether feature {@code i} is a token feature ({@link #TOKEN_FEATURES}). */
  boolean isToken(int i) {
    return TOKEN_FEATURES.contains(names.get(i));
  }

  /**
   * {@code v} with its token features computed from the texts as the model reads them ({@link #tokens}): the part of
   * {@link #complete} that runs the model, done last so that a stage can first bound the score without it.
   */
  Values withTokens(Values v, String modelA, String modelB) {
    double[] x = v.values();
    Map<String, String> ev = new LinkedHashMap<>(v.evidence());
    Optional<TokenVectors> ta = tokensOf(modelA);
    Optional<TokenVectors> tb = tokensOf(modelB);
    Alignment al = ta.isPresent() && tb.isPresent() ? Alignment.of(ta.get(), tb.get()) : Alignment.NONE;
    for (int i = 0; i < x.length; i++) {
      String n = names.get(i);
      if (n.equals("token_match")) {
        x[i] = al.match();
        ev.put(n, ta.isEmpty() || tb.isEmpty() ? NO_TOKENS
            : String.format(java.util.Locale.ROOT, "word pieces aligned at %.2f on average", al.match()));
      } else if (n.equals("token_worst")) {
        x[i] = al.worst();
        ev.put(n, ta.isEmpty() || tb.isEmpty() ? NO_TOKENS : al.worstPiece().isEmpty() ? "no word pieces"
            : String.format(java.util.Locale.ROOT, "least aligned: '%s' (%.2f)", al.worstPiece(), al.worst()));
      }
    }
    return new Values(x, ev, v.veto());
  }

  /** The evidence of the token features when the stage's model gives no word pieces. */
  static final String NO_TOKENS = "no word-piece vectors from the model: counted as 0";

  /** A text's word pieces; the in-process models keep those of the texts they embedded lately, so no cache here. */
  private Optional<TokenVectors> tokensOf(String text) {
    return tokenSource.apply(text.strip());
  }

  /**
   * How two texts' word pieces align (the first {@link TokenVectors#MAX_PIECES} of each): each piece's best cosine with
   * a piece of the other text; {@code match} is the
   * harmonic mean of the two texts' averages, {@code worst} the lowest best cosine (both clamped to [0, 1]), with
   * the piece it belongs to.
   */
  record Alignment(double match, double worst, String worstPiece) {
    static final Alignment NONE = new Alignment(0, 0, "");

    static Alignment of(TokenVectors a, TokenVectors b) {
      if (a.size() == 0 || b.size() == 0) {
        return NONE;
      }
      double[] bestA = new double[Math.min(a.size(), TokenVectors.MAX_PIECES)];
      double[] bestB = new double[Math.min(b.size(), TokenVectors.MAX_PIECES)];
      java.util.Arrays.fill(bestA, -1);
      java.util.Arrays.fill(bestB, -1);
      float[][] va = a.vectors();
      float[][] vb = b.vectors();
      for (int i = 0; i < bestA.length; i++) {
        for (int j = 0; j < bestB.length; j++) {
          double s = dot(va[i], vb[j]);
          bestA[i] = Math.max(bestA[i], s);
          bestB[j] = Math.max(bestB[j], s);
        }
      }
      double p = java.util.Arrays.stream(bestA).average().orElse(0);
      double r = java.util.Arrays.stream(bestB).average().orElse(0);
      double f = p + r <= 0 ? 0 : 2 * p * r / (p + r);
      double worst = 2;
      String piece = "";
      for (int i = 0; i < bestA.length; i++) {
        if (bestA[i] < worst) {
          worst = bestA[i];
          piece = a.piece(i);
        }
      }
      for (int j = 0; j < bestB.length; j++) {
        if (bestB[j] < worst) {
          worst = bestB[j];
          piece = b.piece(j);
        }
      }
      return new Alignment(clamp(f), clamp(worst), piece);
    }

    /**
     * The dot product of two vectors of one length, summed in four independent running sums: one sum waits for its
     * previous addition at every step, four let the processor overlap them (the alignment compares every piece with
     * every piece, and this loop was its cost under {@code deja bench http}).
     */
    static double dot(float[] x, float[] y) {
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      int n = Math.min(x.length, y.length);
      int d = 0;
      for (; d + 3 < n; d += 4) {
        s0 += x[d] * y[d];
        s1 += x[d + 1] * y[d + 1];
        s2 += x[d + 2] * y[d + 2];
        s3 += x[d + 3] * y[d + 3];
      }
      for (; d < n; d++) {
        s0 += x[d] * y[d];
      }
      return (s0 + s1) + (s2 + s3);
    }
  }

  /**
   * The signal-based features of a pair, starting from its {@link #cheap} ones (token features left at 0); {@code
   * glossed}: one text is the English gloss of a text in another language, so a negation with a word or two added on
   * one side is still the only difference ({@link #VETOES}).
   */
  Values signals(double[] cheap, String rawA, String rawB, boolean glossed) {
    double[] x = cheap.clone();
    if (!needsSignals) {
      return new Values(x, Map.of());
    }
    PairSignals.Result r = PairSignals.of(rawA, rawB, lexicon, knowledge, needsDefinitions);
    Map<String, Double> s = r.values();
    boolean unexplained = s.get("unmatched") > 0 || CHANGE_SIGNALS.stream().anyMatch(c -> s.get(c) > 0);
    double sequence = s.get("sequence");
    Map<String, Double> all = new java.util.HashMap<>(s);
    all.put("unexplained", unexplained ? 1.0 : 0.0);
    all.put("near_changed", unexplained ? sequence : 0);
    all.put("near_clean", unexplained ? 0 : sequence);
    cheapFactors.forEach((c, i) -> all.put(c, x[i]));
    Map<String, String> ev = new LinkedHashMap<>();
    for (int i = 0; i < x.length; i++) {
      String n = names.get(i);
      int star = n.indexOf('*');
      if (star > 0) {
        String a = n.substring(0, star);
        String b = n.substring(star + 1);
        x[i] = all.get(a) * all.get(b);
        if (x[i] != 0 && (r.evidence().containsKey(a) || r.evidence().containsKey(b))) {
          ev.put(n, r.evidence().getOrDefault(a, r.evidence().get(b)));
        }
        continue;
      }
      Double v = all.get(n);
      if (v != null && !isCheap(i)) {
        x[i] = v;
      }
      if (r.evidence().containsKey(n)) {
        ev.put(n, r.evidence().get(n));
      }
    }
    Optional<String> veto = Optional.empty();
    for (String v : vetoes) {
      // Against a gloss, a negation is also the only difference when one text adds a word or two to the other: a
      // word-by-word gloss has stray words ("no child honor" / "I have children"). Not between two texts as
      // written, where the added words may say the negation ("I never work on Sundays." / "Sundays are a day off
      // work for me.").
      boolean only = VETOES.get(v).equals("matched") ? all.get("matched_share") >= 1 - 1e-9
          || glossed && v.equals("negation_mismatch") && all.get("extension") > 0 : all.get("single_change") > 0;
      if (all.get(v) > 0 && only) {
        veto = Optional.of("the only difference: " + v.replace('_', ' ') + " (" + r.evidence().getOrDefault(v, "")
            + ")");
        break;
      }
    }
    return new Values(x, ev, veto);
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

  private static double sameStart(Optional<TimeSpan> a, Optional<TimeSpan> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return 0;
    }
    TimeSpan x = a.get();
    TimeSpan y = b.get();
    if (x.allDay() || y.allDay()) {
      return x.allDay() && y.allDay() && x.startDay() == y.startDay() && x.endDay() == y.endDay() ? 1 : 0;
    }
    return x.startMillis() == y.startMillis() ? 1 : 0;
  }

  private static double clamp(double s) {
    return Double.isNaN(s) ? 0 : Math.max(0, Math.min(1, s));
  }
}
