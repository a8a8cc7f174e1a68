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
 *   <tr><td>{@code numbers_conflict}</td><td>both texts have numbers or clock times, and they differ (the amounts of
 *       the same durations or rates written otherwise, "two weeks" / "a fortnight", "every six months" / "twice a
 *       year", are left out: {@link DurationReadings}, {@link RateReadings}); or both say how often, and not equally
 *       ("every other Thursday" / "on Thursdays each week"); or the same numbers count other things ("two cats and a
 *       dog" / "two dogs and a cat": {@link CountBindings}), or other decades ("thirties" / "forties"); the
 *       comparison is {@link NumberSignals}'</td></tr>
 *   <tr><td>{@code numbers_one_side}</td><td>only one text has numbers or clock times, or only one decades</td></tr>
 *   <tr><td>{@code negation_mismatch}</td><td>one text is negated, the other is not</td></tr>
 *   <tr><td>{@code names_mismatch}</td><td>a capitalised name appears in only one text</td></tr>
 *   <tr><td>{@code contrast_conflict}</td><td>both name a part of the day, weekday, month, colour, side… and not the
 *       same; or a word both write carries another sign in one ("C++" / "C", "A+" / "A": {@link Marks})</td></tr>
 *   <tr><td>{@code modality_mismatch}</td><td>intention, change, obligation or past-habit cues differ</td></tr>
 *   <tr><td>{@code swap}</td><td>the same content words in another order around a comparative, two shared words
 *       that trade places across "to" / "than" / "not" / "from", two parties that trade places around a shared
 *       verb ("Sam owes me" / "I owe Sam"), the same words and persons with two of them exchanged ("tea in the
 *       morning and coffee in the afternoon" / "coffee in the morning and tea …": {@link Roles#exchanged}), or a role
 *       said from the other side ("My manager is Priya" / "I manage Priya": {@link Roles#rolesReversed})</td></tr>
 *   <tr><td>{@code role_change}</td><td>a word both texts share follows opposite prepositions (to / from,
 *       before / after)</td></tr>
 *   <tr><td>{@code matched_share}</td><td>share of content words with a counterpart (same word, form, synonym)</td></tr>
 *   <tr><td>{@code unmatched}</td><td>content words without a counterpart, over both texts, divided by 4 and capped at
 *       1</td></tr>
 *   <tr><td>{@code extension}</td><td>every word of one text has a counterpart and the other adds one or two (not
 *       when the one word added is the "User" a memory opens with, opposite "I": "User works nights" / "I work
 *       nights")</td></tr>
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
 *       NameReadings#givenNames}; a first name that is also a word counts opposite a first name at the same word:
 *       "Ruby speech therapy" / "Ollie speech therapy")</td></tr>
 *   <tr><td>{@code other_subject}</td><td>one text has "I" as its subject, the other opens with someone else as the
 *       subject of its first verb, a person noun or a first name ("I'm a single dad" / "My brother is a single dad";
 *       in the memory preset)</td></tr>
 *   <tr><td>{@code negation_scope}</td><td>both texts negate (the same parity of cues), and a word one negates is
 *       one the other states: "I drink tea but I don't drink coffee" / "I'm a coffee drinker, not a tea drinker"; a
 *       cue negates the two content words after it in its clause, or the clause before it when nothing follows ("dark
 *       chocolate isn't"); in the memory preset</td></tr>
 *   <tr><td>{@code times_agree}</td><td>both texts state clock times and they agree, however written ("half past
 *       three" / "3:30", "one o'clock" / "1 pm"; in the memory preset)</td></tr>
 *   <tr><td>{@code numbers_agree}</td><td>both texts state numbers and they agree, however written ("number 47" /
 *       "forty-seven", "£50" / "fifty pounds"); clock times are {@code times_agree}, and the amounts of durations
 *       or rates that agree ("a fortnight" / "two weeks") are left out; the same dates, quantities, long numbers
 *       and decades written otherwise count ("12/03" / "12 March", "07700 900123" / "07700900123"); in the memory
 *       preset</td></tr>
 *   <tr><td>{@code leftover_known}</td><td>the share of the left-over words (both texts) that are common words of the
 *       knowledge, phrases it lists or names: another thing named in plain words ("hearing test" / "cataract
 *       surgery", "flight to Paris" / "flight to Lyon") rather than an abbreviation, an emoji or a foreign word
 *       ("ortho appt" / "orthodontist appointment"); 0 when nothing is left over</td></tr>
 *   <tr><td>{@code verb_change}</td><td>only verbs differ: the left-over words are a one-word change or an extension,
 *       each used mostly as a verb ({@link WordKnowledge#isMainlyVerb}), and no contradiction signal fired ("I've been
 *       with Philips" / "I've been working at Philips"); in no preset (it merges "I teach piano" / "I play
 *       piano")</td></tr>
 *   <tr><td>{@code in_place}</td><td>the words left over on each side stand side by side in one place, between the
 *       same (matched) words: another filling of one template ("Theo judo class" / "Theo karate class": {@link
 *       Placement})</td></tr>
 *   <tr><td>{@code in_place_edge}</td><td>the same at the start or the end of both texts, next to the same word
 *       ("Soccer practice" / "Swimming practice")</td></tr>
 * </table>
 *
 * <p>Who does what to whom ({@code swap}, {@code role_change}) is read by {@link Roles}, definitions ({@code defined})
 * by {@link GlossDefinitions}, and the grammar of each text ({@code subject_shift}, {@code person_missing}, {@code
 * tense_mismatch}, {@code language_mismatch}) by {@link Grammar}, through its {@link TextProfile}.
 *
 * <p>Thread-safe: stateless.
 */
public final class PairSignals {
  private PairSignals() {}

  /** The signal names, in a fixed order. */
  public static final List<String> NAMES = List.of("numbers_conflict", "numbers_one_side", "negation_mismatch",
      "names_conflict", "names_one_side", "contrast_conflict", "modality_mismatch", "swap", "role_change",
      "subject_shift", "person_missing", "tense_mismatch", "matched_share", "unmatched", "inversions",
      "language_mismatch", "extension", "sibling", "antonym", "broader", "modifier_change", "owner_only",
      "head_differs", "closeness", "single_change", "sequence", "defined", "people_conflict", "leftover_known",
      "times_agree", "other_subject", "negation_scope", "numbers_agree", "verb_change", "in_place", "in_place_edge");


  /** The signals that make two texts say different things; {@code verb_change} needs all of them off. */
  private static final List<String> CONTRADICTIONS = List.of("negation_mismatch", "tense_mismatch",
      "modality_mismatch", "numbers_conflict", "antonym", "contrast_conflict", "role_change", "swap");

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

  private static Result of(TextProfile pa, TextProfile pb, Lexicon general, WordKnowledge knowledge,
      boolean definitions) {
    // An acronym either text writes ("EU law") is a content word of the pair, in both texts.
    Lexicon lex = general.readingAsContent(union(pa.acronyms(), pb.acronyms()));
    Map<String, Double> v = new LinkedHashMap<>();
    Map<String, String> ev = new LinkedHashMap<>();
    // The numbers of both texts, read however written (durations, rates, dates, quantities, counts, currencies).
    NumberSignals numbers = new NumberSignals(pa, pb, lex, knowledge);
    boolean conflict = numbers.conflict();
    put(v, ev, "numbers_conflict", conflict, numbers::conflictEvidence);
    put(v, ev, "numbers_one_side", numbers.oneSide(), numbers::oneSideEvidence);
    int ga = pa.negations();
    int gb = pb.negations();
    put(v, ev, "negation_mismatch", ga % 2 != gb % 2, () -> ga + " vs " + gb + " negation(s)");
    Map<String, List<Set<String>>> contrasts = contrastConflicts(pa.contrasts(), pb.contrasts());
    // "Two weeks" / "a fortnight" name other periods for the same duration, not other frequencies.
    List<Set<String>> periods = contrasts.get("frequency");
    if (numbers.sameDurations() && periods != null && DurationReadings.unitsOnly(periods.get(0), pa.durations())
        && DurationReadings.unitsOnly(periods.get(1), pb.durations()) || numbers.sameRates() && periods != null) {
      contrasts.remove("frequency");
    }
    // A word with another sign written onto it is another word ("C++" / "C", "A+" / "A"): the words drop the signs.
    String marks = Marks.conflict(pa.text(), pb.text());
    if (marks != null) {
      contrasts.put("marks", List.of(new java.util.TreeSet<>(Marks.of(pa.text())),
          new java.util.TreeSet<>(Marks.of(pb.text()))));
    }
    // A handle or an address with other punctuation is another name ("@sam_lee" / "@samlee"): the words drop it.
    if (Identifiers.conflict(pa.text(), pb.text()) != null) {
      contrasts.put("identifiers", List.of(new java.util.TreeSet<>(Identifiers.of(pa.text())),
          new java.util.TreeSet<>(Identifiers.of(pb.text()))));
    }
    put(v, ev, "contrast_conflict", !contrasts.isEmpty(), contrasts::toString);
    put(v, ev, "modality_mismatch", !pa.modality().equals(pb.modality()),
        () -> pa.modality() + " vs " + pb.modality());
    String role = Roles.roleChange(pa.words(), pb.words(), lex);
    put(v, ev, "role_change", role != null, () -> role);
    put(v, ev, "subject_shift", pa.subject() != pb.subject(), () -> "'I' is the subject of only the "
        + (pa.subject() ? "new" : "existing") + " text");
    String otherA = pa.subject() || !pb.subject() ? null : otherSubject(pa, pb, lex, knowledge);
    String otherB = pb.subject() || !pa.subject() ? null : otherSubject(pb, pa, lex, knowledge);
    put(v, ev, "other_subject", otherA != null || otherB != null, () -> "'I' is the subject of the "
        + (otherA != null ? "existing text, '" + otherA + "' of the new one" : "new text, '" + otherB
        + "' of the existing one"));
    put(v, ev, "person_missing", pa.firstPerson() != pb.firstPerson(), () -> "only the "
        + (pa.firstPerson() ? "new" : "existing") + " text is about the speaker");
    put(v, ev, "tense_mismatch", pa.past().isEmpty() != pb.past().isEmpty(), () -> "past tense in only one text ('"
        + (pa.past().isEmpty() ? pb.past() : pa.past()) + "')");
    put(v, ev, "language_mismatch", !pa.language().equals(pb.language()),
        () -> pa.language() + " vs " + pb.language());
    // A negated opposite says the same: "My right ear has no hearing" / "I'm deaf in my right ear". With one negation
    // cue in the two texts and one word with opposites in the other, the two contradictions cancel. An opposite made
    // with a negative prefix is the negated word itself ("I don't like mushrooms" / "I dislike mushrooms", "not happy"
    // / "unhappy"): the two are counterparts, as synonyms are. Other opposites only cancel — "doesn't arrive" is not
    // "leaves", "doesn't love" not "hates".
    WordAlignment aligned = WordAlignment.of(pa, pb, knowledge);
    WordAlignment.Pair opposite = ga + gb == 1 ? aligned.soleOpposite().orElse(null) : null;
    WordAlignment al = opposite != null && NegationReadings.prefixedOpposite(opposite.a(), opposite.b())
        ? aligned.matching(opposite) : aligned;
    String tradedMarker = Roles.tradedPlaces(pa.words(), pb.words(), al);
    String tradedParties = tradedMarker != null ? tradedMarker : Roles.partiesTraded(pa, pb, al, lex, knowledge);
    String exchanged = tradedParties != null ? tradedParties : Roles.exchanged(pa.words(), pb.words(), lex);
    String traded = exchanged != null ? exchanged : Roles.rolesReversed(pa.words(), pb.words(), lex, knowledge);
    put(v, ev, "swap", traded != null || Roles.swapped(pa, pb, lex), () -> traded != null ? traded
        : "the same words in another order around a comparative");
    // A name the other text spells out or abbreviates ("NHS" / "National Health Service") is not missing from it.
    Set<String> matchedWords = new java.util.HashSet<>();
    for (WordAlignment.Pair p : al.matched()) {
      matchedWords.addAll(List.of(p.a().split(" ")));
      matchedWords.addAll(List.of(p.b().split(" ")));
    }
    // The unit of the same quantity in another unit is no name either ("20°C" / "68°F": "C" / "F").
    if (QuantityReadings.same(pa.quantities(), pb.quantities())) {
      for (QuantityReadings.Quantity q : java.util.stream.Stream.concat(pa.quantities().stream(),
          pb.quantities().stream()).toList()) {
        for (String w : q.words()) {
          matchedWords.addAll(List.of(w.replaceAll("[^\\p{L}\\p{N}]+", " ").strip().split(" ")));
        }
      }
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
    // "User" opening a memory is the speaker, whom the other text's "I" names; when it is all one text has left over,
    // every word has its counterpart ("User is vegetarian" / "I am not vegetarian" differ only in the negation).
    boolean speakerOnly = speakerAdded(al.unmatchedA(), pa, pb) && al.unmatchedB().isEmpty()
        || speakerAdded(al.unmatchedB(), pb, pa) && al.unmatchedA().isEmpty();
    v.put("matched_share", speakerOnly ? 1.0 : al.matchedShare());
    ev.put("matched_share", al.matched().size() + " word(s) matched: " + describeMatches(al.matched())
        + (speakerOnly ? "; 'user' is the speaker, the other text's 'I'" : ""));
    double inv = al.inversions();
    v.put("inversions", inv);
    if (inv > 0) {
      ev.put("inversions", "shared words in another order (" + Math.round(inv * 100) + "% of pairs)");
    }
    int left = speakerOnly ? 0 : al.unmatchedA().size() + al.unmatchedB().size();
    v.put("unmatched", Math.min(1.0, left / 4.0));
    if (left > 0) {
      ev.put("unmatched", al.unmatchedA() + " / " + al.unmatchedB());
    }
    // A text with no content word at all ("I'm 39.") has nothing the other could extend.
    boolean extension = (al.unmatchedA().isEmpty() != al.unmatchedB().isEmpty()) && left <= 2
        && !al.matched().isEmpty() && !speakerOnly;
    put(v, ev, "extension", extension, () -> "adds " + (al.unmatchedA().isEmpty() ? al.unmatchedB()
        : al.unmatchedA()));
    relation(v, ev, "sibling", al, WordRelation.Kind.SIBLING);
    relation(v, ev, "antonym", al, WordRelation.Kind.ANTONYM);
    if (opposite != null) {
      v.put("negation_mismatch", 0.0);
      v.put("antonym", 0.0);
      ev.remove("negation_mismatch");
      ev.remove("antonym");
      ev.put("matched_share", ev.get("matched_share") + "; one text negates the opposite of the other's word, which"
          + " says the same: " + describe(opposite));
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
    // Left-over words the dictionary knows ("hearing test" / "cataract surgery") and names ("flight to Paris" /
    // "flight to Lyon") say which other thing it is; the rest are more often abbreviations, emoji or other languages'
    // words for the same thing ("ortho appt" / "orthodontist appointment").
    List<String> knownWords = java.util.stream.Stream.concat(al.unmatchedA().stream(), al.unmatchedB().stream())
        .filter(w -> dictionaryWord(w, knowledge) || named(w, pa) || named(w, pb)).toList();
    v.put("leftover_known", left == 0 ? 0.0 : (double) knownWords.size() / left);
    if (!knownWords.isEmpty()) {
      ev.put("leftover_known", knownWords.size() + " of " + left + " left-over word(s) are dictionary words or names: "
          + knownWords);
    }
    put(v, ev, "times_agree", numbers.timesAgree(), numbers::timesEvidence);
    put(v, ev, "numbers_agree", numbers.amountsAgree(), numbers::agreementEvidence);
    // Both texts negate, but not the same thing: "I snowboard but I don't ski" / "I'm a skier, not a snowboarder".
    String scope = ga % 2 == gb % 2 && ga > 0 && gb > 0
        ? NegationReadings.negatedElsewhere(al, pa.tokens(), pb.tokens(), lex) : null;
    put(v, ev, "negation_scope", scope != null, () -> scope);
    // One thing replaced presupposes that the rest is the same: at least one word matched.
    put(v, ev, "single_change", al.unmatchedA().size() == 1 && al.unmatchedB().size() == 1 && !al.matched().isEmpty(),
        () -> "'" + al.unmatchedA().get(0) + "' → '" + al.unmatchedB().get(0) + "'");
    // Left-over words used mostly as verbs, when nothing else differs: a rewording ("I wear hearing aids" / "I use
    // two hearing aids") — or a role ("I teach piano" / "I play piano"), so no preset weighs it (EVALUATION.md).
    // The dictionary is asked only for a one-word change or an extension with nothing else different.
    boolean verbsOnly = (extension || v.get("single_change") == 1.0)
        && CONTRADICTIONS.stream().allMatch(n -> v.get(n) == 0.0)
        && java.util.stream.Stream.concat(al.unmatchedA().stream(), al.unmatchedB().stream())
            .allMatch(w -> mainlyVerb(w, knowledge));
    put(v, ev, "verb_change", verbsOnly, () -> "only verbs differ: " + al.unmatchedA() + " / " + al.unmatchedB());
    // The words left over stand in one place between the same words, or at the same edge next to the same word:
    // another filling of one template ("Theo judo class" / "Theo karate class"), where a rewording moves or adds words
    // elsewhere too.
    Placement.Change place = Placement.of(al);
    put(v, ev, "in_place", place != null && !place.edge(), () -> place.description());
    put(v, ev, "in_place_edge", place != null && place.edge(), () -> place.description());
    List<WordAlignment.Pair> definedBy = definitions ? GlossDefinitions.defined(al, pa, pb, lex, knowledge) : List.of();
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

  /**
   * A word used mostly as a verb; a phrase the knowledge lists is read as listed ("waiting list" is a noun), another
   * by its first word ("looking after").
   */
  private static boolean mainlyVerb(String w, WordKnowledge knowledge) {
    if (!w.contains(" ") || !knowledge.lemmas(w).isEmpty()) {
      return knowledge.isMainlyVerb(w);
    }
    return knowledge.isMainlyVerb(w.substring(0, w.indexOf(' ')));
  }

  /** A common word of the knowledge, or a phrase it lists ("dental implant"). */
  private static boolean dictionaryWord(String w, WordKnowledge knowledge) {
    return w.contains(" ") ? !knowledge.lemmas(w).isEmpty() : knowledge.isCommonWord(w);
  }

  /** Whether a text's only left-over word is the "user" it opens with, as the speaker the other text's "I" is. */
  private static boolean speakerAdded(List<String> unmatched, TextProfile p, TextProfile other) {
    int user = Grammar.openingUser(p.words(), p.text());
    return unmatched.size() == 1 && unmatched.get(0).equals("user") && user >= 0
        && p.words().get(user).equals("user") && p.subject() && other.subject();
  }

  private static boolean named(String w, TextProfile p) {
    return p.names().contains(w) || p.givenNames().contains(w);
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
      out.add(p.a().equals(p.b()) ? p.a() : p.relation().kind() == WordRelation.Kind.ANTONYM
          ? p.a() + " / " + p.b() : p.a() + " = " + p.b());
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
      int i = NameReadings.wordIndexOf(a.text(), n);
      java.util.Optional<String> other = NameReadings.givenNameAt(b.text(), i, lex, knowledge);
      if (other.isPresent() && !a.bareWords().contains(other.get()) && !matched.contains(other.get())) {
        peopleB.add(other.get());
        return;
      }
    }
  }

  /**
   * The subject other than the speaker that {@code p} opens with ({@link Roles#otherSubject}), unless it is what the
   * speaker says they have in {@code speaker}: "My printer is an HP LaserJet." / "I've got an HP LaserJet printer."
   */
  private static String otherSubject(TextProfile p, TextProfile speaker, Lexicon lex, WordKnowledge knowledge) {
    String other = Roles.otherSubject(p, lex, knowledge);
    return other == null || Grammar.speakerHas(speaker.bareWords(), other) ? null : other;
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

  /** Both sets in one; either one itself when the other is empty (the common case: no copy). */
  private static Set<String> union(Set<String> a, Set<String> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return a.isEmpty() ? b : a;
    }
    Set<String> out = new java.util.HashSet<>(a);
    out.addAll(b);
    return out;
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
}
