package dev.deja.stream;

import dev.deja.core.embed.Embedder;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.lexical.WordKnowledges;
import dev.deja.core.measure.SequenceMeasure;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a completed unit repeats an earlier unit of the same answer.
 *
 * <p>Layers, cheapest first: <b>exact</b> (identical after the {@code standard} analyzer and without the list
 * marker, with the same signs: currency symbols, "+", "#", "%", minus signs), <b>chunk</b> (difflib ratio ≥
 * {@code similarity_threshold}, near-verbatim), <b>content</b> (the same ratio ≥ {@code
 * content_similarity_threshold}: the design's sentence layer), <b>paraphrase</b> (the {@link RestatementModel}'s
 * probability ≥ {@code paraphrase_threshold} for the earlier unit sharing the most content
 * words, at least {@code paraphrase_min_shared}; the model weighs the weighted Dice of content-word stems and numbers,
 * reformulation and reminder markers, what the window already said, new numbers and the guards) and, with an
 * embedder, <b>semantic</b> (cosine ≥ {@code semantic_threshold}). The paraphrase tokens drop
 * function words (English, German, Dutch, French, Spanish, Portuguese) and approximators ("about", "roughly"), stem
 * with {@link dev.deja.core.normalize.LightStemmer}, read number words as numbers and durations in one unit ("7 days"
 * = "one week"), and weigh generic verbs ("get", "make", "use") half.
 *
 * <p>Guards veto the chunk, content and semantic layers; {@code contrasts}, {@code person} and {@code substitution}
 * veto the paraphrase layer too ({@link RestatementModel#VETOES}; {@code substitution} also against a sibling in the
 * window: {@link #instanceOfTemplate}), and the others are features of the paraphrase model; on the evidence that
 * tells templated lines apart (the same evidence as {@link dev.deja.core.guard.Guards}):
 * <b>numbers</b> — the later unit has a number or clock time the earlier one lacks; <b>negation</b> — one is negated,
 * the other not, or one has a negative-prefixed form of the other's word ("unstaged" / "staged"); <b>names</b> — the
 * later unit names someone or something
 * (capitalised, not sentence-initial) the earlier does not, unless it is a short or long form of one of its words
 * ("Philly" / "Philadelphia"; off for German, which capitalises every noun);
 * <b>contrasts</b> — both name a weekday, month, part of the day, meal, colour, season or frequency, and not the same;
 * <b>person</b> — each mentions a grammatical person the other does not ("she" / "he"); <b>substitution</b> — the
 * same sentence with one to three slots filled by other items, not by synonyms ({@link StreamGuards});
 * <b>extension</b> — the later unit is the earlier plus 1–2 content words. The directional guards never remove a unit
 * that adds information.
 *
 * <p>Structure: list items of the same list (siblings) are compared only by the exact and chunk layers, so items
 * sharing a template survive; a list item is compared with an earlier sentence only by those layers too (lists
 * itemise what a sentence summarised), with items of an earlier list by every layer (a repeated list), and only
 * within its section (headings start sections); nested items only with their siblings; headings, and anything
 * compared with a heading, only by the exact and chunk layers.
 *
 * <p>Thread-safe: immutable, apart from the embedder's own guarantees.
 */
public final class RepeatJudge {
  private final StreamOptions options;
  private final Optional<Embedder> embedder;
  private final Optional<JudgeStep> paraphraseJudge;
  private final StreamGuards guards;

  /** How two units may be compared, given where they stand. */
  enum Relation {
    /** Every layer. */
    FULL,
    /** Exact and chunk layers only (siblings in a list, headings). */
    VERBATIM,
    /** Not compared. */
    NONE
  }

  public RepeatJudge(StreamOptions options, Optional<Embedder> embedder) {
    this(options, embedder, Optional.empty());
  }

  /**
   * A judge whose paraphrase layer asks an LLM judge about the restatement probabilities in its band (the
   * {@code stream.judge} option): its decision replaces the threshold there; when it cannot answer, the threshold
   * decides and the fallback is logged and counted.
   */
  public RepeatJudge(StreamOptions options, Optional<Embedder> embedder,
      Optional<JudgeStep> paraphraseJudge) {
    this.options = options;
    this.guards = new StreamGuards(options, WordKnowledges.defaults());
    this.embedder = embedder;
    this.paraphraseJudge = paraphraseJudge;
  }

  /** The LLM judge of the paraphrase layer's band, if one is configured. */
  public Optional<JudgeStep> paraphraseJudge() {
    return paraphraseJudge;
  }

  public RepeatJudge(StreamOptions options) {
    this(options, Optional.empty());
  }

  public StreamOptions options() {
    return options;
  }

  /**
   * Compares two sentences outside any stream: {@code later} is the one that would be removed; the window of the
   * paraphrase layer is the earlier sentence alone.
   */
  public PairScore score(String later, String earlier) {
    UnitFeatures l = new UnitFeatures(Unit.sentence(later));
    UnitFeatures e = new UnitFeatures(Unit.sentence(earlier));
    return score(l, e, Relation.FULL, false, WindowContext.of(e));
  }

  static Relation relation(Unit later, Unit earlier) {
    if (later.kind().isExempt() || earlier.kind().isExempt()) {
      return Relation.NONE;
    }
    if (later.kind() == UnitKind.LIST_ITEM) {
      if (earlier.kind() == UnitKind.LIST_ITEM && earlier.listId() == later.listId()) {
        return Relation.VERBATIM;
      }
      if (later.nested() || later.section() != earlier.section()) {
        return Relation.NONE;
      }
      if (earlier.kind() != UnitKind.LIST_ITEM) {
        // A list often itemises what a sentence before it summarised ("You'll need a first-aid kit and ..."): an
        // item is removed only when it repeats the sentence nearly verbatim.
        return Relation.VERBATIM;
      }
    }
    if (later.kind() == UnitKind.HEADING || earlier.kind() == UnitKind.HEADING) {
      return Relation.VERBATIM;
    }
    return parallelOrOtherRow(later, earlier) ? Relation.VERBATIM : Relation.FULL;
  }

  /**
   * Units of sections under parallel headings ("Version 1 (formal)" / "Version 2 (friendly)", "Day 1" / "Day 2":
   * alternatives or instances of one template, so what one says again in other words is not a repeat), or labelled
   * lines with other labels ("Wednesday: Ben has football at 16:30.", "Loan B: ...": the rows of a list written
   * without markers, which like items of one list are compared nearly verbatim only).
   */
  private static boolean parallelOrOtherRow(Unit later, Unit earlier) {
    if (later.section() != earlier.section() && parallel(later.heading(), earlier.heading())) {
      return true;
    }
    String la = label(later.body());
    String lb = la.isEmpty() ? "" : label(earlier.body());
    return !lb.isEmpty() && !la.equalsIgnoreCase(lb);
  }

  /**
   * Whether two units are instances of one structure, which {@link #relation} compares nearly verbatim only: items of
   * one list, rows with other labels ("Late July: plant tomato seedlings outdoors." / "Mid May: plant pepper seedlings
   * outdoors."), units of sections under parallel headings. One that fills the other's template with other items is a
   * step of the structure, not a restatement ({@link #instanceOfTemplate}).
   */
  static boolean siblings(Unit later, Unit earlier) {
    if (later.kind().isExempt() || earlier.kind().isExempt() || later.kind() == UnitKind.HEADING
        || earlier.kind() == UnitKind.HEADING) {
      return false;
    }
    if (later.kind() == UnitKind.LIST_ITEM || earlier.kind() == UnitKind.LIST_ITEM) {
      return later.kind() == earlier.kind() && earlier.listId() == later.listId();
    }
    return parallelOrOtherRow(later, earlier);
  }

  /** The most words a label before a colon may have ("Wednesday", "Loan B", "Tuesday 08:00"). */
  static final int LABEL_WORDS = 3;

  /**
   * The label a unit starts with: the text before the first colon that is followed by white space, when it has at
   * most {@value #LABEL_WORDS} words and no sentence punctuation; empty otherwise.
   */
  static String label(String body) {
    int limit = Math.min(body.length() - 1, 40);
    for (int k = 1; k < limit; k++) {
      char c = body.charAt(k);
      if (c == '.' || c == '!' || c == '?' || c == ',' || c == ';') {
        return "";
      }
      if (c == ':' && Character.isWhitespace(body.charAt(k + 1))) {
        String label = body.substring(0, k).strip();
        return UnitSplitter.words(label, 0, label.length()) <= LABEL_WORDS ? label : "";
      }
    }
    return "";
  }

  /** Two different headings that start with the same word: sections of one template. */
  static boolean parallel(String a, String b) {
    if (a.isEmpty() || b.isEmpty() || a.equalsIgnoreCase(b)) {
      return false;
    }
    return firstWord(a).equals(firstWord(b)) && !firstWord(a).isEmpty();
  }

  private static String firstWord(String s) {
    int k = 0;
    while (k < s.length() && Character.isLetterOrDigit(s.charAt(k))) {
      k++;
    }
    return s.substring(0, k).toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The scores of a pair, every layer (the paraphrase layer with {@code window} as what was said before). With
   * {@code fast}, difflib is skipped when its length bound cannot reach a threshold (the decision is the same; the
   * reported ratio is then the bound's 0).
   */
  PairScore score(UnitFeatures later, UnitFeatures earlier, Relation relation, boolean fast, WindowContext window) {
    PairScore s = layers(later, earlier, relation, fast);
    if (s.exact() || relation == Relation.NONE) {
      return s;
    }
    Optional<String> conflict = conflict(later, earlier);
    if (s.layer().equals("chunk") || s.layer().equals("content")) {
      return conflict.isPresent() ? s.withLayer("none", conflict) : s.withLayer(s.layer(), conflict);
    }
    if (relation == Relation.FULL && s.shared() >= options.paraphraseMinShared() && s.shared() > 0) {
      RestatementModel.Verdict v = restatement(later, earlier, s.paraphrase(), window);
      PairScore r = s.withRestatement(v.probability(), v.explain());
      if (v.probability() >= options.paraphraseThreshold()) {
        return r.withLayer("paraphrase", conflict);
      }
      s = r;
    }
    if (s.layer().equals("semantic") && conflict.isPresent()) {
      return s.withLayer("none", conflict);
    }
    return s.withLayer(s.layer(), conflict);
  }

  /**
   * The verbatim and semantic layer scores of a pair and the weighted Dice of its content words, without guards
   * and without the paraphrase model (fast: difflib only where its bounds can reach a threshold). The layer is
   * {@code exact}, {@code chunk}, {@code content}, {@code semantic} (only when no other layer reached) or
   * {@code none}.
   */
  PairScore layers(UnitFeatures later, UnitFeatures earlier, Relation relation, boolean fast) {
    if (relation == Relation.NONE) {
      return PairScore.NONE;
    }
    boolean full = relation == Relation.FULL;
    if (later.norm.equals(earlier.norm) && !later.norm.isEmpty()
        && later.signs().equals(earlier.signs())) {
      return new PairScore(true, 1, full ? 1 : 0, full ? 1 : 0, Math.min(later.weight, earlier.weight), 0, 0,
          Optional.empty(), "exact", "");
    }
    double ratio = 0;
    int la = later.codePoints().length;
    int lb = earlier.codePoints().length;
    double bound = la + lb == 0 ? 1 : 2.0 * Math.min(la, lb) / (la + lb);
    double needed = full ? Math.min(options.similarityThreshold(), options.contentSimilarityThreshold())
        : options.similarityThreshold();
    if (!fast || bound >= needed && quickRatio(later, earlier) >= needed) {
      ratio = ratio(later, earlier);
    }
    double shared = 0;
    double dice = 0;
    if (full) {
      for (Map.Entry<String, Double> e : later.tokens.entrySet()) {
        Double w = earlier.tokens.get(e.getKey());
        if (w != null) {
          shared += Math.min(w, e.getValue());
        }
      }
      dice = later.weight + earlier.weight == 0 ? 0 : 2 * shared / (later.weight + earlier.weight);
    }
    double semantic = 0;
    String layer = "none";
    if (ratio >= options.similarityThreshold()) {
      layer = "chunk";
    } else if (full && ratio >= options.contentSimilarityThreshold()) {
      layer = "content";
    }
    if (full && embedder.isPresent() && (layer.equals("none") || !fast)) {
      semantic = cosine(vector(later), vector(earlier));
      if (layer.equals("none") && semantic >= options.semanticThreshold()) {
        layer = "semantic";
      }
    }
    return new PairScore(false, ratio, full ? ratio : 0, dice, shared, 0, semantic, Optional.empty(), layer, "");
  }

  /** {@link #layers(UnitFeatures, UnitFeatures, Relation, boolean)}, fast. */
  PairScore layers(UnitFeatures later, UnitFeatures earlier, Relation relation) {
    return layers(later, earlier, relation, true);
  }

  /** The paraphrase model's verdict on a pair whose weighted Dice is known, given what the window said. */
  RestatementModel.Verdict restatement(UnitFeatures later, UnitFeatures earlier, double dice, WindowContext window) {
    java.util.Set<String> conflicts = conflicts(later, earlier);
    double[] x = RestatementModel.features(later, dice, window, conflicts);
    Optional<String> veto = RestatementModel.veto(conflicts);
    if (veto.isPresent()) {
      return RestatementModel.vetoed(x, guards.guard(veto.get(), later, earlier).orElse(veto.get()));
    }
    Optional<String> instance = instanceOfTemplate(later, window);
    if (instance.isPresent()) {
      return RestatementModel.vetoed(x, instance.get());
    }
    return RestatementModel.verdict(x);
  }

  /** A sentence end inside a text: a full stop, question or exclamation mark, closing quotes, space, a capital. */
  private static final java.util.regex.Pattern SENTENCE_INSIDE =
      java.util.regex.Pattern.compile("[.!?][\"'”’)\\]]*\\s+\\p{Lu}");

  /**
   * The reformulatory marker by which a unit restates an earlier one, if it does: a unit that opens with one ("In other
   * words, …", "Put simply, …", "Dicho de otro modo, …"; {@link Cues#REFORMULATE}) says again, by the marker's
   * meaning, what the answer said before it, whatever words the two share ("In other words, three quarters of a gram
   * for every kilogram you weigh." after "A common guideline is 0.75 g of protein per kilo of body weight per day.").
   * The earlier unit is the one the unit shares the most content with, else the unit before it. Empty when there is
   * no such marker, when the two are not both sentences of the answer's text ({@link Relation#FULL}), when a guard
   * that vetoes the paraphrase layer objects, or the unit is another instance of a sibling's template (what it says in
   * other words is then something else), or when the unit reads as more than one sentence (a full stop, question or
   * exclamation mark followed by a capital inside it, as when an initial hid a sentence end: "… with Loan A. Loan B
   * allows early repayment …"): the marker speaks for its own sentence only.
   *
   * @param later the unit
   * @param earlier the unit it would restate
   * @param window what the window said
   */
  Optional<String> reformulates(UnitFeatures later, UnitFeatures earlier, WindowContext window) {
    Optional<String> marker = later.reformulation();
    if (marker.isEmpty() || SENTENCE_INSIDE.matcher(later.body.strip()).find()
        || relation(later.unit, earlier.unit) != Relation.FULL
        || RestatementModel.veto(conflicts(later, earlier)).isPresent()
        || instanceOfTemplate(later, window).isPresent()) {
      return Optional.empty();
    }
    return marker;
  }

  /**
   * The substitution guard's objection when the unit is another instance of the template of a {@link #siblings
   * sibling} in the window: a row or an item whose slots are filled by other items ("Late July: plant tomato seedlings
   * outdoors." after "Mid July: plant lettuce seedlings outdoors."). Such a unit is a step of the structure, not a
   * restatement of a third unit (an introduction it shares a word with, whose other words the rows say); it vetoes the
   * paraphrase layer as the guard does on the pair itself.
   */
  Optional<String> instanceOfTemplate(UnitFeatures later, WindowContext window) {
    if (!options.guards().contains("substitution")) {
      return Optional.empty();
    }
    for (UnitFeatures e : window.units()) {
      if (siblings(later.unit, e.unit)) {
        Optional<String> c = guards.guard("edit", later, e);
        if (c.isPresent() && c.get().startsWith("substitution")) {
          return Optional.of(c.get() + " (another instance of a row or item's template)");
        }
      }
    }
    return Optional.empty();
  }

  /**
   * difflib's ratio of the normalised texts, symmetric: the pair is always compared in one order (the smaller text
   * first), so that {@code ratio(a, b) == ratio(b, a)} although difflib itself is not always symmetric.
   */
  static double ratio(UnitFeatures a, UnitFeatures b) {
    boolean swap = a.norm.compareTo(b.norm) > 0;
    int[] x = swap ? b.codePoints() : a.codePoints();
    int[] y = swap ? a.codePoints() : b.codePoints();
    if (x.length + y.length == 0) {
      return 1.0;
    }
    int matched = 0;
    for (int[] block : SequenceMeasure.matchingBlocks(x, y)) {
      matched += block[2];
    }
    return 2.0 * matched / (x.length + y.length);
  }

  /** difflib's {@code quick_ratio()}: an upper bound of the ratio from the characters both texts have. */
  static double quickRatio(UnitFeatures a, UnitFeatures b) {
    int[] x = a.sortedCodePoints();
    int[] y = b.sortedCodePoints();
    int common = dev.deja.core.measure.SequenceMeasure.commonSorted(x, y);
    return x.length + y.length == 0 ? 1.0 : 2.0 * common / (x.length + y.length);
  }

  private float[] vector(UnitFeatures f) {
    if (f.vector == null) {
      f.vector = embedder.orElseThrow().embed(f.body);
    }
    return f.vector;
  }

  private static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    if (na == 0 || nb == 0) {
      return 0;
    }
    double c = dot / Math.sqrt(na * nb);
    return Math.max(0, Math.min(1, c));
  }

  /** The first guard conflict between a later and an earlier unit, if any (guards in their documented order). */
  Optional<String> conflict(UnitFeatures later, UnitFeatures earlier) {
    return guards.conflict(later, earlier);
  }

  /** The names of the guards that object to a pair ({@link StreamGuards#conflicts}). */
  java.util.Set<String> conflicts(UnitFeatures later, UnitFeatures earlier) {
    return guards.conflicts(later, earlier);
  }
}
