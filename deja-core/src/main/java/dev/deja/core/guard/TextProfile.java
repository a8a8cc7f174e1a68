package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What {@link PairSignals} reads from one text, computed once: a stored item is compared with many new ones, so its
 * profile is cached (by text, lexicon and knowledge; the cache is cleared when it holds {@value #CACHE_LIMIT} texts).
 *
 * @param text the text as written
 * @param words its normalised words (standard analyzer)
 * @param bareWords its normalised words without possessive endings ("Ollie's" → "ollie")
 * @param numbers its numbers and clock times
 * @param negations how many negation cues it has
 * @param contrasts contrast words by category
 * @param modality its modality classes
 * @param subject whether "I" (or "User") is a subject
 * @param firstPerson whether it speaks about the speaker
 * @param past its first past-tense verb form, or "" when none
 * @param language the language its function words point to
 * @param names its proper names (empty for a text not in the lexicon's language)
 * @param givenNames the people it names by first name, in any language ({@link NameReadings#givenNames})
 * @param content its content words ({@link WordAlignment})
 * @param contentWordStems the light stem of each content word, in the same order
 * @param contentStems its content-word stems, in order (for {@code swap})
 * @param normalised its normalised words joined by spaces (for {@code sequence})
 * @param tokens its words with punctuation boundaries (for {@code modifier_change})
 * @param durations the durations it states ({@link DurationReadings}: "a fortnight" = "two weeks")
 * @param rates how often it says something happens ({@link RateReadings}: "every six months" = "twice a year")
 * @param dates the dates it states, however written ({@link DateReadings}: "12/03", "12 March")
 * @param quantities the lengths, weights, volumes, temperatures and speeds it states ({@link QuantityReadings}; none
 *     for a text without numbers)
 * @param digitRuns its long numbers written in groups of digits ({@link DigitGroups}: "07700 900123")
 * @param decades the decades it states ({@link DecadeReadings}: "the 90s", "in my thirties")
 * @param acronyms the function words it writes as acronyms, read as content words ({@link #acronyms}: "EU", "IT")
 */
public record TextProfile(String text, List<String> words, List<String> bareWords, NumberReadings.Numbers numbers,
    int negations, Map<String, Set<String>> contrasts, Set<String> modality, boolean subject, boolean firstPerson,
    String past, String language, Set<String> names, Set<String> givenNames, List<String> content,
    List<String> contentWordStems, List<String> contentStems, String normalised, List<PairSignals.Token> tokens,
    List<DurationReadings.Duration> durations, List<RateReadings.Rate> rates, List<DateReadings.Date> dates,
    List<QuantityReadings.Quantity> quantities, List<DigitGroups.Run> digitRuns,
    List<DecadeReadings.Decade> decades, Set<String> acronyms) {

  static final int CACHE_LIMIT = 50_000;
  /** The second and later parts of a hyphenated word ("-sighted" in "short-sighted"). */
  private static final java.util.regex.Pattern COMPOUND_PART = java.util.regex.Pattern.compile(
      "(?<=\\p{L})-\\p{L}+");
  private static final java.util.regex.Pattern CONTRACTED_ARE = java.util.regex.Pattern.compile("['’]re\\b",
      java.util.regex.Pattern.CASE_INSENSITIVE);
  private static final Map<Key, TextProfile> CACHE = new ConcurrentHashMap<>();

  private record Key(String text, String language, WordKnowledge knowledge) {}

  /** The profile of a text, from the cache when it has been computed before. */
  public static TextProfile of(String text, Lexicon lex, WordKnowledge knowledge) {
    Key key = new Key(text, lex.language(), knowledge);
    TextProfile p = CACHE.get(key);
    if (p == null) {
      p = compute(text, lex, knowledge);
      if (CACHE.size() >= CACHE_LIMIT) {
        CACHE.clear();
      }
      CACHE.put(key, p);
    }
    return p;
  }

  /**
   * The negation cues of a text in its language ({@link ForeignNegations}); a text read as English counts English's
   * and the words of the other languages English does not have ("geen" in "Ik drink geen alcohol", read as English by
   * its two English words).
   */
  private static int negations(String text, String language, Lexicon lex, WordKnowledge knowledge) {
    if (!language.equals(lex.language()) && ForeignNegations.known(language)) {
      return ForeignNegations.count(text, language);
    }
    int n = TextSignals.negations(text, lex);
    return lex.language().equals("en") ? n + ForeignNegations.countForeign(text, lex, knowledge) : n;
  }

  /** Two or three capitals, a word of their own (not part of "O'Neil" or "e-ID"). */
  private static final java.util.regex.Pattern CAPITALS = java.util.regex.Pattern.compile(
      "(?<![\\p{L}\\p{N}'’-])\\p{Lu}{2,3}(?![\\p{L}\\p{N}'’-])");

  /**
   * The function words a text writes in capitals beside lower-case words: an acronym that spells a function word of
   * English or another language ("EU" is Portuguese "eu", "US" and "IT" English "us" and "it", "ID" the contraction
   * "I'd") names something, so it is read as a content word. A text in capitals throughout has none, and a negation in
   * capitals ("Do NOT park here") stays a negation: capitals there are emphasis.
   */
  static Set<String> acronyms(String text, Lexicon lex, WordKnowledge knowledge) {
    if (text.chars().noneMatch(Character::isLowerCase)) {
      return Set.of();
    }
    Set<String> out = new java.util.TreeSet<>();
    java.util.regex.Matcher m = CAPITALS.matcher(text);
    while (m.find()) {
      String w = m.group().toLowerCase(java.util.Locale.ROOT);
      boolean function = lex.functionWords().contains(w) || lex.fillers().contains(w)
          || lex.objectMarkers().contains(w) || lex.comparatives().contains(w)
          || !knowledge.functionWordLanguages(w).isEmpty() || !knowledge.sharedFunctionWordLanguages(w).isEmpty();
      if (function && !lex.negations().contains(w)) {
        out.add(w);
      }
    }
    return out;
  }

  private static TextProfile compute(String text, Lexicon general, WordKnowledge knowledge) {
    Set<String> acronyms = acronyms(text, general, knowledge);
    Lexicon lex = general.readingAsContent(acronyms);
    List<String> words = TextSignals.words(text);
    List<String> bare = TextSignals.words(TextSignals.withoutPossessives(text));
    String language = Grammar.language(acronyms.isEmpty() ? bare
        : bare.stream().filter(w -> !acronyms.contains(w)).toList(), lex, knowledge);
    // "We're" loses its apostrophe in the words ("were"), and the participle of a compound adjective ("short-sighted",
    // "self-employed", "well-known") is no verb: neither is a past tense.
    String forPast = COMPOUND_PART.matcher(CONTRACTED_ARE.matcher(text).replaceAll(" are")).replaceAll("");
    String past = Grammar.past(forPast.equals(text) ? bare
        : TextSignals.words(TextSignals.withoutPossessives(forPast)), lex, knowledge);
    List<String> content = WordAlignment.content(text, lex, knowledge, acronyms);
    NumberReadings.Numbers numbers = NumberReadings.numbers(text, lex, knowledge, language);
    return new TextProfile(text, words, bare, numbers,
        negations(text, language, lex, knowledge), TextSignals.contrasts(text, lex), TextSignals.modality(text, lex),
        Grammar.firstPersonSubject(bare, text), Grammar.firstPerson(bare), past == null ? "" : past, language,
        language.equals(lex.language()) ? NameReadings.names(text, lex, knowledge) : Set.of(),
        NameReadings.givenNames(text, lex, knowledge),
        content, content.stream().map(dev.deja.core.normalize.LightStemmer::stem).toList(),
        TextSignals.contentStems(text, lex), String.join(" ", words),
        PairSignals.tokens(text), DurationReadings.read(text, lex, knowledge),
        RateReadings.read(text, lex, knowledge), DateReadings.read(text, knowledge, language),
        numbers.numbers().isEmpty() ? List.of() : QuantityReadings.read(text, knowledge, language),
        numbers.numbers().isEmpty() ? List.of() : DigitGroups.read(text), DecadeReadings.read(text, knowledge),
        acronyms);
  }

  public TextProfile {
    words = List.copyOf(words);
    bareWords = List.copyOf(bareWords);
    // Sorted, so that what explanations print from them reads the same in every run.
    contrasts = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(contrasts));
    modality = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(modality));
    names = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(names));
    givenNames = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(givenNames));
    content = List.copyOf(content);
    contentWordStems = List.copyOf(contentWordStems);
    contentStems = List.copyOf(contentStems);
    tokens = List.copyOf(tokens);
    durations = List.copyOf(durations);
    rates = List.copyOf(rates);
    dates = List.copyOf(dates);
    quantities = List.copyOf(quantities);
    digitRuns = List.copyOf(digitRuns);
    decades = List.copyOf(decades);
    acronyms = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(acronyms));
  }
}
