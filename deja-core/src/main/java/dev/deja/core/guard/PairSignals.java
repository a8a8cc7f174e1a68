package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import dev.deja.core.measure.SequenceMeasure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The evidence about two short texts that a pair classifier weighs beside their embedding cosine: what the guards
 * look for (numbers, negation, names, contrasts, modality, order around a comparative), read as numbers instead of
 * vetoes, and what the {@link WordAlignment} of their content words says (how much of each text is the other's
 * rewording, and whether the words left over are another thing of the same kind, opposites, or broader/narrower).
 *
 * <table>
 *   <caption>Signals (each in [0, 1])</caption>
 *   <tr><th>name</th><th>1 when</th></tr>
 *   <tr><td>{@code numbers_conflict}</td><td>both texts have numbers or clock times, and they differ</td></tr>
 *   <tr><td>{@code numbers_one_side}</td><td>only one text has numbers or clock times</td></tr>
 *   <tr><td>{@code negation_mismatch}</td><td>one text is negated, the other is not</td></tr>
 *   <tr><td>{@code names_mismatch}</td><td>a capitalised name appears in only one text</td></tr>
 *   <tr><td>{@code contrast_conflict}</td><td>both name a part of the day, weekday, month, colour, side… and not the
 *       same</td></tr>
 *   <tr><td>{@code modality_mismatch}</td><td>intention, change, obligation or past-habit cues differ</td></tr>
 *   <tr><td>{@code swap}</td><td>the same content words in another order around a comparative, two shared words
 *       that trade places across "to" / "than" / "not" / "from", or two parties that trade places around a shared
 *       verb ("Sam owes me" / "I owe Sam")</td></tr>
 *   <tr><td>{@code role_change}</td><td>a word both texts share follows opposite prepositions (to / from,
 *       before / after)</td></tr>
 *   <tr><td>{@code matched_share}</td><td>share of content words with a counterpart (same word, form, synonym)</td></tr>
 *   <tr><td>{@code unmatched}</td><td>content words without a counterpart, over both texts, divided by 4 and capped at
 *       1</td></tr>
 *   <tr><td>{@code extension}</td><td>every word of one text has a counterpart and the other adds one or two</td></tr>
 *   <tr><td>{@code sibling}</td><td>a leftover pair are different things of one kind (karate / judo)</td></tr>
 *   <tr><td>{@code antonym}</td><td>a leftover pair are opposites (love / hate, nephew / niece)</td></tr>
 *   <tr><td>{@code broader}</td><td>a leftover word is a kind of a leftover word of the other (vegan /
 *       vegetarian)</td></tr>
 *   <tr><td>{@code closeness}</td><td>the highest Wu–Palmer closeness of a leftover pair</td></tr>
 *   <tr><td>{@code single_change}</td><td>exactly one word is left over on each side (one thing replaced)</td></tr>
 *   <tr><td>{@code sequence}</td><td>difflib ratio of the normalised texts</td></tr>
 *   <tr><td>{@code defined}</td><td>share of the leftover words that the other text spells out, or that help spell
 *       out one of its leftover words: two or more words of a leftover word's dictionary definition are in the other
 *       text ("vegetarian": "… someone who eats no meat …" / "doesn't eat meat"; "decade": "a period of 10 years" /
 *       "ten years"), the knowledge relating them no other way (not broader, sibling or opposite); not in the
 *       presets (measured: EVALUATION.md)</td></tr>
 *   <tr><td>{@code people_conflict}</td><td>each text names someone by first name whom the other does not name
 *       ("Ollie's swim class" / "Ruby's swim class"; first names from the knowledge: {@link
 *       TextSignals#givenNames}; a first name that is also a word counts opposite a first name at the same word:
 *       "Ruby speech therapy" / "Ollie speech therapy")</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless.
 */
public final class PairSignals {
  private PairSignals() {}

  /** The signal names, in a fixed order. */
  public static final List<String> NAMES = List.of("numbers_conflict", "numbers_one_side", "negation_mismatch",
      "names_conflict", "names_one_side", "contrast_conflict", "modality_mismatch", "swap", "role_change", "subject_shift", "person_missing", "tense_mismatch", "matched_share", "unmatched", "inversions", "language_mismatch",
      "extension", "sibling", "antonym", "broader", "modifier_change", "owner_only", "head_differs", "closeness", "single_change", "sequence",
      "defined", "people_conflict");

  /** Prepositions whose exchange reverses a relation: to Madrid / from Madrid, before work / after work. */
  private static final Map<String, String> OPPOSITE_PREPOSITIONS = Map.ofEntries(
      Map.entry("to", "from"), Map.entry("from", "to"), Map.entry("into", "out"), Map.entry("out", "into"),
      Map.entry("before", "after"), Map.entry("after", "before"), Map.entry("above", "below"),
      Map.entry("below", "above"), Map.entry("over", "under"), Map.entry("under", "over"),
      Map.entry("with", "without"), Map.entry("without", "with"), Map.entry("up", "down"), Map.entry("down", "up"));

  /**
   * The signals and, for those that fired, one line of evidence each.
   *
   * @param values signal name → value in [0, 1], in {@link #NAMES} order
   * @param evidence signal name → what was seen, for the signals that are not 0
   */
  public record Result(Map<String, Double> values, Map<String, String> evidence) {
    public Result {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
      evidence = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    }
  }

  /** The signals of a pair of texts. */
  public static Result of(String a, String b, Lexicon lex, WordKnowledge knowledge) {
    return of(a, b, lex, knowledge, true);
  }

  /**
   * The signals of a pair of texts; {@code defined} only when asked for (it reads dictionary definitions, which no
   * preset weighs), else 0 without evidence.
   */
  public static Result of(String a, String b, Lexicon lex, WordKnowledge knowledge, boolean definitions) {
    return of(TextProfile.of(a, lex, knowledge), TextProfile.of(b, lex, knowledge), lex, knowledge, definitions);
  }

  /** The signals of a pair of profiled texts. */
  public static Result of(TextProfile pa, TextProfile pb, Lexicon lex, WordKnowledge knowledge) {
    return of(pa, pb, lex, knowledge, true);
  }

  private static Result of(TextProfile pa, TextProfile pb, Lexicon lex, WordKnowledge knowledge,
      boolean definitions) {
    Map<String, Double> v = new LinkedHashMap<>();
    Map<String, String> ev = new LinkedHashMap<>();
    TextSignals.Numbers na = pa.numbers();
    TextSignals.Numbers nb = pb.numbers();
    boolean conflict = TextSignals.numbersConflict(na, nb);
    put(v, ev, "numbers_conflict", conflict, () -> describe(na) + " vs " + describe(nb));
    put(v, ev, "numbers_one_side", !conflict && na.isEmpty() != nb.isEmpty(),
        () -> describe(na) + " vs " + describe(nb));
    int ga = pa.negations();
    int gb = pb.negations();
    put(v, ev, "negation_mismatch", ga % 2 != gb % 2, () -> ga + " vs " + gb + " negation(s)");
    Map<String, List<Set<String>>> contrasts = contrastConflicts(pa.contrasts(), pb.contrasts());
    put(v, ev, "contrast_conflict", !contrasts.isEmpty(), contrasts::toString);
    put(v, ev, "modality_mismatch", !pa.modality().equals(pb.modality()),
        () -> pa.modality() + " vs " + pb.modality());
    String role = roleChange(pa.words(), pb.words(), lex);
    put(v, ev, "role_change", role != null, () -> role);
    put(v, ev, "subject_shift", pa.subject() != pb.subject(), () -> "'I' is the subject of only the "
        + (pa.subject() ? "new" : "existing") + " text");
    put(v, ev, "person_missing", pa.firstPerson() != pb.firstPerson(), () -> "only the "
        + (pa.firstPerson() ? "new" : "existing") + " text is about the speaker");
    put(v, ev, "tense_mismatch", pa.past().isEmpty() != pb.past().isEmpty(), () -> "past tense in only one text ('"
        + (pa.past().isEmpty() ? pb.past() : pa.past()) + "')");
    put(v, ev, "language_mismatch", !pa.language().equals(pb.language()),
        () -> pa.language() + " vs " + pb.language());
    WordAlignment al = WordAlignment.of(pa, pb, knowledge);
    String tradedMarker = tradedPlaces(pa.words(), pb.words(), al);
    String traded = tradedMarker != null ? tradedMarker : partiesTraded(pa, pb, al, lex, knowledge);
    put(v, ev, "swap", traded != null || swapped(pa, pb, lex), () -> traded != null ? traded
        : "the same words in another order around a comparative");
    // A name the other text spells out or abbreviates ("NHS" / "National Health Service") is not missing from it.
    Set<String> matchedWords = new java.util.HashSet<>();
    for (WordAlignment.Pair p : al.matched()) {
      matchedWords.addAll(List.of(p.a().split(" ")));
      matchedWords.addAll(List.of(p.b().split(" ")));
    }
    Set<String> onlyA = onlyIn(pa.names(), pb.bareWords(), matchedWords);
    Set<String> onlyB = onlyIn(pb.names(), pa.bareWords(), matchedWords);
    put(v, ev, "names_conflict", !onlyA.isEmpty() && !onlyB.isEmpty(), () -> onlyA + " vs " + onlyB);
    put(v, ev, "names_one_side", onlyA.isEmpty() != onlyB.isEmpty(), () -> (onlyA.isEmpty() ? onlyB : onlyA)
        + " in only one text");
    // Each text names a person by first name whom the other does not name: "Ollie's swim class" / "Ruby's swim class".
    Set<String> peopleA = new java.util.TreeSet<>(onlyIn(pa.givenNames(), pb.bareWords(), matchedWords));
    Set<String> peopleB = new java.util.TreeSet<>(onlyIn(pb.givenNames(), pa.bareWords(), matchedWords));
    // A first name that is also a word ("Ruby speech therapy session") counts where the other text writes a first
    // name in the same place ("Ollie speech therapy session").
    parallelNames(pa, pb, peopleA, peopleB, matchedWords, lex, knowledge);
    parallelNames(pb, pa, peopleB, peopleA, matchedWords, lex, knowledge);
    put(v, ev, "people_conflict", !peopleA.isEmpty() && !peopleB.isEmpty(), () -> peopleA + " vs " + peopleB);
    v.put("matched_share", al.matchedShare());
    ev.put("matched_share", al.matched().size() + " word(s) matched: " + describeMatches(al.matched()));
    double inv = al.inversions();
    v.put("inversions", inv);
    if (inv > 0) {
      ev.put("inversions", "shared words in another order (" + Math.round(inv * 100) + "% of pairs)");
    }
    int left = al.unmatchedA().size() + al.unmatchedB().size();
    v.put("unmatched", Math.min(1.0, left / 4.0));
    if (left > 0) {
      ev.put("unmatched", al.unmatchedA() + " / " + al.unmatchedB());
    }
    // A text with no content word at all ("I'm 39.") has nothing the other could extend.
    boolean extension = (al.unmatchedA().isEmpty() != al.unmatchedB().isEmpty()) && left <= 2
        && !al.matched().isEmpty();
    put(v, ev, "extension", extension, () -> "adds " + (al.unmatchedA().isEmpty() ? al.unmatchedB()
        : al.unmatchedA()));
    relation(v, ev, "sibling", al, WordRelation.Kind.SIBLING);
    relation(v, ev, "antonym", al, WordRelation.Kind.ANTONYM);
    // A negated opposite says the same: "My right ear has no hearing" / "I'm deaf in my right ear", "never goes
    // outside" / "an indoor cat". With one negation cue in the two texts and one pair of opposites, the two
    // contradictions cancel.
    if (ga + gb == 1 && v.get("antonym") == 1.0 && al.relations().stream()
        .filter(p -> p.relation().kind() == WordRelation.Kind.ANTONYM).map(WordAlignment.Pair::a).distinct()
        .count() == 1) {
      String cancelled = describe(al.first(WordRelation.Kind.ANTONYM).orElseThrow());
      v.put("negation_mismatch", 0.0);
      v.put("antonym", 0.0);
      ev.remove("negation_mismatch");
      ev.remove("antonym");
      ev.put("matched_share", ev.get("matched_share") + "; one text negates the opposite of the other's word, which"
          + " says the same: " + cancelled);
    }
    boolean broader = al.first(WordRelation.Kind.BROADER).isPresent()
        || al.first(WordRelation.Kind.NARROWER).isPresent();
    put(v, ev, "broader", broader, () -> al.first(WordRelation.Kind.BROADER)
        .or(() -> al.first(WordRelation.Kind.NARROWER)).map(PairSignals::describe).orElse(""));
    String modifier = modifierChange(al, pa.tokens(), pb.tokens());
    put(v, ev, "modifier_change", modifier != null, () -> modifier);
    boolean ownerOnly = !al.matched().isEmpty() && !al.unmatchedA().isEmpty() && !al.unmatchedB().isEmpty()
        && al.matched().stream().allMatch(p -> ownerWords(p.a(), pa, knowledge) && ownerWords(p.b(), pb, knowledge));
    put(v, ev, "owner_only", ownerOnly, () -> "only who it is about is shared: " + describeMatches(al.matched()));
    List<String> ca = pa.content();
    List<String> cb = pb.content();
    boolean headDiffers = !ca.isEmpty() && !cb.isEmpty() && leftOver(al.unmatchedA(), ca.get(ca.size() - 1))
        && leftOver(al.unmatchedB(), cb.get(cb.size() - 1));
    put(v, ev, "head_differs", headDiffers, () -> "the last words differ: '" + ca.get(ca.size() - 1) + "' / '"
        + cb.get(cb.size() - 1) + "'");
    v.put("closeness", al.maxCloseness());
    // One thing replaced presupposes that the rest is the same: at least one word matched.
    put(v, ev, "single_change", al.unmatchedA().size() == 1 && al.unmatchedB().size() == 1 && !al.matched().isEmpty(),
        () -> "'" + al.unmatchedA().get(0) + "' → '" + al.unmatchedB().get(0) + "'");
    List<WordAlignment.Pair> definedBy = definitions ? defined(al, pa, pb, lex, knowledge) : List.of();
    Set<String> definedWords = new java.util.HashSet<>();
    Set<String> shown = new java.util.LinkedHashSet<>();
    for (WordAlignment.Pair p : definedBy) {
      if (al.unmatchedA().contains(p.a())) {
        definedWords.add("a:" + p.a());
      }
      if (al.unmatchedB().contains(p.b())) {
        definedWords.add("b:" + p.b());
      }
      shown.add("'" + p.a() + "' / '" + p.b() + "' (" + p.relation().evidence() + ")");
    }
    v.put("defined", left == 0 ? 0.0 : (double) definedWords.size() / left);
    if (!definedBy.isEmpty()) {
      ev.put("defined", String.join(", ", shown));
    }
    String sa = pa.normalised();
    String sb = pb.normalised();
    v.put("sequence", sa.isEmpty() || sb.isEmpty() ? 0 : SequenceMeasure.INSTANCE.similarity(sa, sb));
    Map<String, Double> ordered = new LinkedHashMap<>();
    for (String n : NAMES) {
      ordered.put(n, v.get(n));
    }
    return new Result(ordered, ev);
  }

  /** Categories in which both name something and not the same things, with what each names. */
  private static Map<String, List<Set<String>>> contrastConflicts(Map<String, Set<String>> ca,
      Map<String, Set<String>> cb) {
    Map<String, List<Set<String>>> out = new java.util.TreeMap<>();
    for (Map.Entry<String, Set<String>> e : ca.entrySet()) {
      Set<String> other = cb.get(e.getKey());
      if (other != null && !other.equals(e.getValue())) {
        out.put(e.getKey(), List.of(e.getValue(), other));
      }
    }
    return out;
  }

  /**
   * The leftover words of either text that the other text spells out: at least {@value #MIN_DEFINING} words of its
   * dictionary definition (compared by light stem) are in the other text — leftover words that the knowledge relates
   * to it no other way (a definition names its word's broader term, "latte": "… espresso coffee …", which {@code
   * broader} already weighs), unit or filler words only the other text has, numbers only the other text has:
   * "vegetarian" ("… someone who eats no meat …") / "doesn't eat meat", "decade" ("a period of 10 years") / "ten
   * years". One defining word is not enough: a definition often names the whole or the kind ("evening": "the latter
   * part of the day"; "cuisine": "… preparing food"), which is no rewording. Each pair is (word of the first text,
   * word of the second); the relation's evidence says which defines which.
   */
  static List<WordAlignment.Pair> defined(WordAlignment al, TextProfile pa, TextProfile pb, Lexicon lex,
      WordKnowledge knowledge) {
    List<WordAlignment.Pair> out = new ArrayList<>();
    if (al.unmatchedA().isEmpty() && al.unmatchedB().isEmpty()) {
      return out;
    }
    Set<String> related = new java.util.HashSet<>();
    for (WordAlignment.Pair p : al.relations()) {
      if (p.relation().kind() != WordRelation.Kind.UNRELATED) {
        related.add(p.a() + '\u0000' + p.b());
      }
    }
    spelledOut(al.unmatchedA(), al.unmatchedB(), pa, pb, lex, knowledge, related, false, out);
    spelledOut(al.unmatchedB(), al.unmatchedA(), pb, pa, lex, knowledge, related, true, out);
    return out;
  }

  /** How many words of the other text a leftover word's definition must hold for the text to spell it out. */
  static final int MIN_DEFINING = 2;

  private static void spelledOut(List<String> words, List<String> otherLeft, TextProfile mine, TextProfile other,
      Lexicon lex, WordKnowledge knowledge, Set<String> related, boolean swapped, List<WordAlignment.Pair> out) {
    for (String x : words) {
      Definition definition = definition(x, knowledge);
      if (definition.words().isEmpty()) {
        continue;
      }
      List<WordAlignment.Pair> found = new ArrayList<>();
      for (String y : otherLeft) {
        if (!related.contains(swapped ? y + '\u0000' + x : x + '\u0000' + y) && definedIn(y, definition)) {
          found.add(pair(x, y, "'" + y + "' is in the definition of '" + x + "'", swapped));
        }
      }
      for (String w : other.bareWords()) {
        if (lex.fillers().contains(w) && !mine.bareWords().contains(w) && inDefinition(w, definition)) {
          found.add(pair(x, w, "'" + w + "' is in the definition of '" + x + "'", swapped));
        }
      }
      for (Double n : other.numbers().numbers()) {
        if (!mine.numbers().numbers().contains(n) && n == Math.rint(n) && Math.abs(n) < 1e9
            && definition.words().contains(Long.toString(n.longValue()))) {
          found.add(pair(x, Long.toString(n.longValue()), "the number " + n.longValue() + " is in the definition of '"
              + x + "'", swapped));
        }
      }
      if (found.size() >= MIN_DEFINING) {
        out.addAll(found);
      }
    }
  }

  /** A pair in the texts' order: the first text's word first. */
  private static WordAlignment.Pair pair(String mine, String other, String how, boolean swapped) {
    WordRelation r = new WordRelation(WordRelation.Kind.UNKNOWN, how);
    return swapped ? new WordAlignment.Pair(other, mine, r) : new WordAlignment.Pair(mine, other, r);
  }

  /** Whether every word of {@code phrase} is a word of a definition. */
  private static boolean definedIn(String phrase, Definition definition) {
    for (String part : phrase.split(" ")) {
      if (part.length() < 3 || !inDefinition(part, definition)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a word is in a definition, by light stem ("eats" / "eat") or as the start of a word in it ("alcohol" /
   * "alcoholic"; five letters at least).
   */
  private static boolean inDefinition(String part, Definition definition) {
    if (definition.words().contains(part) || definition.stems().contains(dev.deja.core.normalize.LightStemmer.stem(
        part))) {
      return true;
    }
    if (part.length() >= 5) {
      for (String d : definition.words()) {
        if (d.length() > part.length() && d.startsWith(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /** A word's definition words and their light stems (of at least three letters). */
  private record Definition(Set<String> words, Set<String> stems) {}

  private record DefinitionKey(WordKnowledge knowledge, String word) {}

  private static final Map<DefinitionKey, Definition> DEFINITIONS = new java.util.concurrent.ConcurrentHashMap<>();

  private static Definition definition(String word, WordKnowledge knowledge) {
    DefinitionKey key = new DefinitionKey(knowledge, word);
    Definition d = DEFINITIONS.get(key);
    if (d == null) {
      Set<String> words = knowledge.definitionWords(word);
      Set<String> stems = new java.util.HashSet<>();
      for (String w : words) {
        if (w.length() >= 3) {
          stems.add(dev.deja.core.normalize.LightStemmer.stem(w));
        }
      }
      d = new Definition(words, Set.copyOf(stems));
      if (DEFINITIONS.size() >= TextProfile.CACHE_LIMIT) {
        DEFINITIONS.clear();
      }
      DEFINITIONS.put(key, d);
    }
    return d;
  }

  private static void relation(Map<String, Double> v, Map<String, String> ev, String name, WordAlignment al,
      WordRelation.Kind kind) {
    java.util.Optional<WordAlignment.Pair> p = al.first(kind);
    put(v, ev, name, p.isPresent(), () -> describe(p.get()));
  }

  private static String describe(WordAlignment.Pair p) {
    return "'" + p.a() + "' / '" + p.b() + "'" + (p.relation().evidence().isEmpty() ? ""
        : " (" + p.relation().evidence() + ")");
  }

  private static String describeMatches(List<WordAlignment.Pair> matched) {
    List<String> out = new ArrayList<>();
    for (WordAlignment.Pair p : matched) {
      out.add(p.a().equals(p.b()) ? p.a() : p.a() + " = " + p.b());
    }
    return String.join(", ", out);
  }

  private static void put(Map<String, Double> v, Map<String, String> ev, String name, boolean on,
      java.util.function.Supplier<String> why) {
    v.put(name, on ? 1.0 : 0.0);
    if (on) {
      ev.put(name, why.get());
    }
  }

  private static String describe(TextSignals.Numbers n) {
    List<String> parts = new ArrayList<>();
    for (double d : n.numbers()) {
      parts.add(d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d));
    }
    for (Set<Integer> t : n.times()) {
      List<String> readings = new ArrayList<>();
      t.stream().sorted().forEach(m -> readings.add(String.format("%02d:%02d", m / 60, m % 60)));
      parts.add(String.join("|", readings));
    }
    return parts.toString();
  }

  /** Whether a word is one of the left-over words or part of a left-over phrase. */
  private static boolean leftOver(List<String> units, String word) {
    for (String u : units) {
      if (u.equals(word) || u.endsWith(" " + word) || u.startsWith(word + " ")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Adds to {@code peopleB} the first names of {@code b} that are also words, where {@code a} writes one of its
   * {@code peopleA} at the same word index and {@code b} has no other name of its own.
   */
  private static void parallelNames(TextProfile a, TextProfile b, Set<String> peopleA, Set<String> peopleB,
      Set<String> matched, Lexicon lex, WordKnowledge knowledge) {
    if (peopleA.isEmpty() || !peopleB.isEmpty()) {
      return;
    }
    for (String n : peopleA) {
      int i = TextSignals.wordIndexOf(a.text(), n);
      java.util.Optional<String> other = TextSignals.givenNameAt(b.text(), i, lex, knowledge);
      if (other.isPresent() && !a.bareWords().contains(other.get()) && !matched.contains(other.get())) {
        peopleB.add(other.get());
        return;
      }
    }
  }

  /** Whether every word of a matched word or phrase names whom a text is about: a name, or a kind of person. */
  private static boolean ownerWords(String words, TextProfile p, WordKnowledge knowledge) {
    for (String w : words.split(" ")) {
      if (!p.names().contains(w) && !knowledge.isPersonNoun(w)) {
        return false;
      }
    }
    return true;
  }

  /** The names of one text that the other text does not have as a word nor as part of a matched phrase. */
  private static Set<String> onlyIn(Set<String> names, List<String> otherWords, Set<String> matched) {
    Set<String> out = new java.util.TreeSet<>();
    Set<String> other = new java.util.HashSet<>(otherWords);
    for (String n : names) {
      boolean present = true;
      for (String part : n.split(" ")) {
        if (!other.contains(part) && !matched.contains(part)) {
          present = false;
        }
      }
      if (!present) {
        out.add(n);
      }
    }
    return out;
  }

  /** A word of a text and whether punctuation (other than a hyphen) separates it from the word before. */
  record Token(String word, boolean boundary) {}

  static List<Token> tokens(String text) {
    List<Token> out = new ArrayList<>();
    String t = TextSignals.withoutPossessives(text);
    StringBuilder word = new StringBuilder();
    boolean boundary = false;
    for (int i = 0; i <= t.length(); i++) {
      char c = i < t.length() ? t.charAt(i) : ' ';
      if (Character.isLetterOrDigit(c) || c == '\'' || c == '’') {
        word.append(c);
        continue;
      }
      if (word.length() > 0) {
        String w = dev.deja.core.normalize.Analyzer.STANDARD.normalize(word.toString());
        if (!w.isEmpty()) {
          out.add(new Token(w, boundary || out.isEmpty()));
        }
        word.setLength(0);
        boundary = false;
      }
      if (!Character.isWhitespace(c) && c != '-') {
        boundary = true;
      }
    }
    return out;
  }

  /**
   * A word both texts share whose modifier differs: the word right before it (in the same phrase) is a content word
   * without counterpart in at least one text — "Portland [half] marathon" / "Portland marathon", "[speech] therapy" /
   * "[occupational] therapy". English puts the modifier that says which kind of thing it is before the noun; null when
   * no shared word is modified differently.
   */
  private static String modifierChange(WordAlignment al, List<Token> ta, List<Token> tb) {
    Set<String> unA = Set.copyOf(al.unmatchedA());
    Set<String> unB = Set.copyOf(al.unmatchedB());
    Map<String, String> partner = new java.util.HashMap<>();
    for (WordAlignment.Pair p : al.matched()) {
      partner.put(p.a().split(" ")[0], p.b().split(" ")[0]);
    }
    for (WordAlignment.Pair p : al.matched()) {
      String x = p.a().split(" ")[0];
      String y = p.b().split(" ")[0];
      String pa = before(ta, x);
      String pb = before(tb, y);
      boolean modA = pa != null && unA.contains(pa);
      boolean modB = pb != null && unB.contains(pb);
      if ((modA || modB) && !(pa != null && pb != null && pb.equals(partner.get(pa)))) {
        return "'" + (pa == null ? "" : pa + " ") + x + "' / '" + (pb == null ? "" : pb + " ") + y + "'";
      }
    }
    return null;
  }

  /** The word right before the first occurrence of {@code word}, when no punctuation separates them. */
  private static String before(List<Token> tokens, String word) {
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).word().equals(word)) {
        return i > 0 && !tokens.get(i).boundary() ? tokens.get(i - 1).word() : null;
      }
    }
    return null;
  }

  /** Forms of "I" as the subject after the punctuation step ("I'm" → "im"); "User …" is how agents write "I". */
  private static final Set<String> SUBJECT = Set.of("i", "im", "ive", "id");
  private static final Set<String> FIRST_PERSON = Set.of("i", "im", "ive", "id", "me", "my", "mine", "myself", "we",
      "us", "our", "ours", "were", "weve", "user", "users");

  static boolean firstPersonSubject(List<String> words) {
    for (int i = 0; i < words.size(); i++) {
      if (SUBJECT.contains(words.get(i)) || i == 0 && words.get(i).startsWith("user")) {
        return true;
      }
    }
    return false;
  }

  static boolean firstPerson(List<String> words) {
    return words.stream().anyMatch(FIRST_PERSON::contains);
  }

  /**
   * The language of a text as far as its function words tell: another supported language when it has at least as
   * many of that language's function words as of the lexicon's (and two of them, or none of the lexicon's), and fewer
   * than half of its other words are common words of the lexicon's language ("Ortodontista da Sofia" is Portuguese;
   * "Team mtg (Mon)" is not French for its "mon"); the lexicon's language otherwise. Short texts without function
   * words ("Miete fällig") stay in the lexicon's language: nothing tells.
   */
  static String language(List<String> words, Lexicon lex, WordKnowledge knowledge) {
    Map<String, Integer> counts = new java.util.TreeMap<>();
    int own = 0;
    int others = 0;
    int common = 0;
    for (String w : words) {
      if (lex.functionWords().contains(w)) {
        own++;
        continue;
      }
      Set<String> langs = knowledge.functionWordLanguages(w);
      if (!langs.isEmpty()) {
        langs.forEach(l -> counts.merge(l, 1, Integer::sum));
        continue;
      }
      others++;
      if (knowledge.isCommonWord(w)) {
        common++;
      }
    }
    if (common * 2 >= others && others > 0) {
      return lex.language();
    }
    String best = lex.language();
    int most = 0;
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      int c = e.getValue();
      if (c >= Math.max(1, own) && (c >= 2 || own == 0) && c > most) {
        best = e.getKey();
        most = c;
      }
    }
    return best;
  }

  /**
   * The first past-tense verb form of the words, or null. A participle after a present form of "have" or "be" is
   * not a past tense: the present perfect speaks of now ("I've been to Peru", "I have never set foot in Peru", "I've
   * got two sisters", "I've been fined twice"), and so does the present passive ("My hotel is booked", "the room will
   * be painted"). A negation, a filler or "been" may sit between them ("I've never been", "have been taken out").
   */
  static String past(List<String> words, Lexicon lex, WordKnowledge knowledge) {
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.equals("used") && i + 1 < words.size() && words.get(i + 1).equals("to")
          || knowledge.isPastTense(w) && !presentPerfect(words, i, lex)) {
        return w;
      }
    }
    return null;
  }

  /**
   * Present forms of "have" and "be" (with their contractions, apostrophes dropped) that make a participle after them
   * a present perfect or a present passive; "be" after a modal ("will be painted") too.
   */
  private static final Set<String> PRESENT_AUXILIARY = Set.of("have", "has", "ive", "weve", "youve", "theyve",
      "havent", "hasnt", "hes", "shes", "is", "isnt", "are", "arent", "am", "im", "youre", "theyre", "be");

  private static boolean presentPerfect(List<String> words, int participle, Lexicon lex) {
    for (int k = participle - 1; k >= Math.max(0, participle - 4); k--) {
      String w = words.get(k);
      if (PRESENT_AUXILIARY.contains(w)) {
        return true;
      }
      if (!lex.negations().contains(w) && !lex.fillers().contains(w) && !w.equals("ever") && !w.equals("already")
          && !w.equals("been") && !w.equals("being")) {
        return false;
      }
    }
    return false;
  }

  private static boolean swapped(TextProfile a, TextProfile b, Lexicon lex) {
    boolean comparative = a.words().stream().anyMatch(lex.comparatives()::contains)
        && b.words().stream().anyMatch(lex.comparatives()::contains);
    if (!comparative) {
      return false;
    }
    List<String> ca = a.contentStems();
    List<String> cb = b.contentStems();
    List<String> sa = new ArrayList<>(ca);
    List<String> sb = new ArrayList<>(cb);
    java.util.Collections.sort(sa);
    java.util.Collections.sort(sb);
    return sa.equals(sb) && !ca.equals(cb);
  }

  /**
   * Two shared words that trade places across the same kind of asymmetric marker ("English to German" / "German to
   * English", "Bach than Mozart" / "Mozart to Bach", "Beatriz, not Bea" / "Bea, not Beatriz"), described; null when
   * none. The marker kinds: preference or target (than, to, over, instead, rather), negation (not), source (from) — so
   * "from Berlin to Munich" / "to Munich from Berlin", where each word keeps its own marker, is not a swap.
   */
  static String tradedPlaces(List<String> wa, List<String> wb, WordAlignment al) {
    List<int[]> pos = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    for (WordAlignment.Pair p : al.matched()) {
      int i = wa.indexOf(p.a().split(" ")[0]);
      int j = wb.indexOf(p.b().split(" ")[0]);
      if (i >= 0 && j >= 0) {
        pos.add(new int[] {i, j});
        shown.add(p.a());
      }
    }
    for (int x = 0; x < pos.size(); x++) {
      for (int y = x + 1; y < pos.size(); y++) {
        int[] p = pos.get(x);
        int[] q = pos.get(y);
        if (Integer.compare(p[0], q[0]) * Integer.compare(p[1], q[1]) >= 0) {
          continue;
        }
        String ma = markerBefore(wa, Math.min(p[0], q[0]), Math.max(p[0], q[0]));
        String mb = markerBefore(wb, Math.min(p[1], q[1]), Math.max(p[1], q[1]));
        if (ma != null && ma.equals(mb)) {
          return "'" + shown.get(x) + "' and '" + shown.get(y) + "' trade places across '" + ma + "'";
        }
      }
    }
    return null;
  }

  /** Words that stand for the speaker as a party of a verb ("I", "I'm", "me"; "User" opening a third-person memory). */
  private static final Set<String> SPEAKER = Set.of("i", "im", "ive", "id", "ill", "me");

  /**
   * Two parties that trade places around a verb both texts share, described; null when none: the one before the verb
   * in one text is after it in the other and the other way round ("Sam owes me" / "I owe Sam", "I visit my
   * grandmother" / "My grandmother visits me"). Parties are people: the speaker ("I", "me"), names, and words whose
   * usual sense is a kind of person ("grandmother", "neighbour"); the earlier party must be the verb's subject
   * ({@link #subject}). A passive or converse form says the same: a form of
   * "be" right before the verb, or "by" / "from" before the later party, in only one of the texts ("My grandmother
   * gets a visit from me").
   */
  static String partiesTraded(TextProfile a, TextProfile b, WordAlignment al, Lexicon lex,
      WordKnowledge knowledge) {
    List<String> wa = a.words();
    List<String> wb = b.words();
    List<String> shown = new ArrayList<>();
    List<int[]> pos = new ArrayList<>();
    List<Boolean> party = new ArrayList<>();
    int sa = speaker(wa);
    int sb = speaker(wb);
    if (sa >= 0 && sb >= 0) {
      shown.add("I");
      pos.add(new int[] {sa, sb});
      party.add(true);
    }
    for (WordAlignment.Pair p : al.matched()) {
      if (p.a().contains(" ") || p.b().contains(" ")) {
        continue;
      }
      int i = wa.indexOf(p.a());
      int j = wb.indexOf(p.b());
      if (i >= 0 && j >= 0) {
        shown.add(p.a());
        pos.add(new int[] {i, j});
        party.add(a.names().contains(p.a()) || b.names().contains(p.b()) || knowledge.isPersonNoun(p.a())
            || knowledge.isPersonNoun(p.b()));
      }
    }
    for (int k = 0; k < pos.size(); k++) {
      int[] v = pos.get(k);
      if (party.get(k) || !knowledge.isVerb(wa.get(v[0])) || !knowledge.isVerb(wb.get(v[1]))
          || passive(wa, v[0]) != passive(wb, v[1])) {
        continue;
      }
      for (int x = 0; x < pos.size(); x++) {
        int[] px = pos.get(x);
        if (!party.get(x) || !(px[0] < v[0] && px[1] > v[1]) || !subject(wa, px[0], v[0], lex)) {
          continue;
        }
        for (int y = 0; y < pos.size(); y++) {
          int[] py = pos.get(y);
          if (y == x || !party.get(y) || !(py[0] > v[0] && py[1] < v[1]) || !subject(wb, py[1], v[1], lex)) {
            continue;
          }
          if (java.util.Objects.equals(converseMarker(wa, v[0], py[0]), converseMarker(wb, v[1], px[1]))) {
            return "'" + shown.get(x) + "' and '" + shown.get(y) + "' trade places around '" + shown.get(k) + "'";
          }
        }
      }
    }
    return null;
  }

  /**
   * Whether the party is the verb's subject as far as word order tells: only function words and fillers between
   * them ("Sam really owes", "I always visit"); a noun between ("Sofia campus tour") makes the verb-like word part of a name or title.
   */
  private static boolean subject(List<String> words, int party, int verb, Lexicon lex) {
    for (int i = party + 1; i < verb; i++) {
      if (!lex.functionWords().contains(words.get(i)) && !lex.fillers().contains(words.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static final Set<String> BE = Set.of("is", "are", "was", "were", "be", "been", "being", "am", "im", "its");

  /**
   * Whether the verb is passive: a form of "be" right before it (one adverb may sit between: "is still owed"), and
   * not a progressive "-ing" form.
   */
  private static boolean passive(List<String> words, int verb) {
    return !words.get(verb).endsWith("ing")
        && (verb >= 1 && BE.contains(words.get(verb - 1)) || verb >= 2 && BE.contains(words.get(verb - 2)));
  }

  /** The position of the first word standing for the speaker, or -1. */
  private static int speaker(List<String> words) {
    for (int i = 0; i < words.size(); i++) {
      if (SPEAKER.contains(words.get(i)) || i == 0 && (words.get(i).equals("user") || words.get(i).equals("users"))) {
        return i;
      }
    }
    return -1;
  }

  /** "by" or "from" right before the later party (one determiner may sit between), after the verb; else null. */
  private static String converseMarker(List<String> words, int verb, int party) {
    int k = party - 1;
    if (k > verb && DETERMINERS.contains(words.get(k))) {
      k--;
    }
    if (k > verb && (words.get(k).equals("by") || words.get(k).equals("from"))) {
      return words.get(k);
    }
    return null;
  }

  private static final Map<String, String> ASYMMETRIC_MARKERS = Map.of("than", "than/to", "to", "than/to", "over",
      "than/to", "instead", "than/to", "rather", "than/to", "not", "not", "from", "from");

  private static final Set<String> DETERMINERS = Set.of("the", "a", "an", "my", "our", "his", "her", "their",
      "your", "this", "that", "these", "those");

  /**
   * The kind of the asymmetric marker right before the later of two words (one determiner may sit between: "than a
   * dog"), after the earlier one; null when there is none. Only a marker that governs the word counts: in "I'd like to
   * learn knitting this winter" the "to" before "learn" is an infinitive's, and "winter" has none.
   */
  private static String markerBefore(List<String> words, int earlier, int later) {
    int k = later - 1;
    if (k > earlier && DETERMINERS.contains(words.get(k))) {
      k--;
    }
    return k > earlier ? ASYMMETRIC_MARKERS.get(words.get(k)) : null;
  }

  /** The first word both texts have whose preceding prepositions are opposites, described; null when none. */
  private static String roleChange(List<String> wa, List<String> wb, Lexicon lex) {
    for (int i = 1; i < wa.size(); i++) {
      String w = wa.get(i);
      if (lex.functionWords().contains(w)) {
        continue;
      }
      for (int j = 1; j < wb.size(); j++) {
        if (!wb.get(j).equals(w)) {
          continue;
        }
        String pa = preposition(wa, i);
        String pb = preposition(wb, j);
        if (pa != null && pb != null && pb.equals(OPPOSITE_PREPOSITIONS.get(pa))) {
          return "'" + pa + " " + w + "' / '" + pb + " " + w + "'";
        }
      }
    }
    return null;
  }

  /** The preposition right before a word, skipping one article or possessive. */
  private static String preposition(List<String> words, int i) {
    for (int k = i - 1; k >= Math.max(0, i - 2); k--) {
      String w = words.get(k);
      if (OPPOSITE_PREPOSITIONS.containsKey(w)) {
        return w;
      }
      if (!(w.equals("the") || w.equals("a") || w.equals("an") || w.equals("my") || w.equals("our")
          || w.equals("his") || w.equals("her") || w.equals("their") || w.equals("your"))) {
        return null;
      }
    }
    return null;
  }
}
