package dev.deja.lexicon;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Word knowledge from Princeton WordNet 3.1 (read by extJWNL from its Maven data artifact) and number words from ICU's
 * rule-based spell-out ({@link NumberWords}), first names from Datafaker's name lists ({@link GivenNames}).
 *
 * <p>How {@link #relate} decides, in this order (each word is looked up with WordNet's own morphology, so "kiwis" is
 * "kiwi"; phrases such as "physical therapy" are WordNet collocations):
 * <ol>
 *   <li>{@code UNKNOWN} for two words whose digits differ ("q3" / "q4": WordNet's lookup drops digits and would read
 *       both as "q").</li>
 *   <li>{@code SAME}: the two share a synset in any part of speech (coriander / cilantro, favourite / favorite).</li>
 *   <li>{@code FORM}: they share a base form, or one sense is a derivation or pertainym of the other (allergy /
 *       allergic), or an adjective is in the other's similarity cluster (itchy / itching).</li>
 *   <li>{@code ANTONYM}: a sense of one is WordNet's antonym of a sense of the other, directly or through the head of
 *       an adjective cluster (love / hate, nephew / niece, early / late).</li>
 *   <li>{@code BROADER} / {@code NARROWER}: one of the first {@value WordNetEntries#TOP_SENSES} senses of one is a
 *       hypernym of one of the other's, at most {@value WordNetRelations#MAX_UP} levels up (dentist /
 *       orthodontist).</li>
 *   <li>{@code SIBLING}: their first {@value WordNetEntries#TOP_SENSES} senses meet at a common hypernym at most
 *       {@value WordNetRelations#SIBLING_UP} levels above each, which is itself at least
 *       {@value WordNetRelations#MIN_DEPTH} levels below the root, so that "entity" or "abstraction" never make two
 *       words siblings (karate / judo: both "martial art").</li>
 *   <li>{@code UNRELATED} when both are known, {@code UNKNOWN} when WordNet lacks one.</li>
 * </ol>
 * Only the first senses are used for the hierarchy because WordNet orders senses by frequency in its tagged corpus;
 * rare senses would otherwise relate almost any two nouns.
 *
 * <p>Each word is read from WordNet once into a {@link WordEntry} (its senses, their hypernyms with depths, its
 * derivations and antonyms) by {@link WordNetEntries}; relations are then decided in memory by
 * {@link WordNetRelations}. Entries and relations are cached (each cache is cleared when it holds
 * {@value WordNetEntries#CACHE_LIMIT} entries).
 *
 * <p>Thread-safe: the dictionary is read-only after loading (lazily, on first use); caches are concurrent.
 */
public final class WordNetKnowledge implements WordKnowledge {
  private final WordNetEntries entries = new WordNetEntries();
  private final WordNetRelations relations = new WordNetRelations(entries);
  private final Map<String, java.util.Set<String>> languages = new ConcurrentHashMap<>();
  private final Map<String, Optional<Double>> numberValues = new ConcurrentHashMap<>();
  /** Month names of the supported languages (ICU's calendar symbols), made on first use, not at start-up. */
  private static final class Months {
    static final MonthNames NAMES = new MonthNames();
  }

  /** Unit names of the supported languages (ICU's measure formats and unit conversions), made on first use. */
  private static final class Units {
    static final UnitNames NAMES = new UnitNames();
  }
  private volatile NumberWords numbers;

  @Override
  public String source() {
    return "WordNet 3.1";
  }

  // ---------------------------------------------------------------------------------------------- the SPI

  @Override
  public List<String> lemmas(String word) {
    return List.copyOf(entries.entry(word).lemmas());
  }

  @Override
  public Set<String> synonyms(String word) {
    return entries.entry(word.strip()).synonyms();
  }

  @Override
  public boolean isCommonWord(String word) {
    return entries.entry(word).lowerCase();
  }

  @Override
  public Set<String> definitionWords(String word) {
    return entries.entry(word.strip()).definition();
  }

  @Override
  public boolean isGivenName(String word) {
    return FirstNames.LISTS.contains(word);
  }

  /** The name lists, read once per process on first use (they do not depend on the dictionary). */
  private static final class FirstNames {
    static final GivenNames LISTS = new GivenNames();
  }

  @Override
  public boolean isPersonNoun(String word) {
    return entries.entry(word).person();
  }

  @Override
  public boolean isVerb(String word) {
    return entries.entry(word.strip()).verb();
  }

  @Override
  public boolean isMainlyVerb(String word) {
    return entries.entry(word.strip()).mainlyVerb();
  }

  @Override
  public boolean isPastTense(String word) {
    String w = word.strip();
    if (w.equals("was") || w.equals("were") || w.equals("did") || w.equals("had")) {
      return true;
    }
    return entries.entry(w).pastTense();
  }

  /**
   * Whether WordNet has this word (or its base form) written in lower case in some synset ("elf", "once", "cent",
   * "kiwis"; not "DOS" or "Sept", which are abbreviations and names): an ordinary English word.
   */
  boolean isLowerCaseWord(String word) {
    return entries.entry(word).lowerCase();
  }

  @Override
  public Optional<Double> numberValue(String phrase) {
    Optional<Double> cached = numberValues.get(phrase);
    if (cached != null) {
      return cached;
    }
    Optional<Double> v = numberTable().value(phrase);
    WordNetEntries.put(numberValues, phrase, v);
    return v;
  }

  @Override
  public Optional<Double> numberValue(String phrase, String language) {
    return language.equals("en") ? numberValue(phrase) : numberTable().value(phrase, language);
  }

  @Override
  public boolean isMinusWord(String word, String language) {
    return numberTable().isMinusWord(word, language);
  }

  @Override
  public Optional<dev.deja.core.lexical.Unit> unit(String phrase, String language) {
    return Units.NAMES.unit(phrase, language);
  }

  @Override
  public int month(String word, String language) {
    return Months.NAMES.month(word, language);
  }

  @Override
  public Optional<Double> compoundNumberValue(String part) {
    return numberTable().partValue(part);
  }

  private NumberWords numberTable() {
    NumberWords n = numbers;
    if (n == null) {
      synchronized (this) {
        n = numbers;
        if (n == null) {
          n = new NumberWords(this::isLowerCaseWord);
          numbers = n;
        }
      }
    }
    return n;
  }

  @Override
  public java.util.Set<String> functionWordLanguages(String word) {
    return isLowerCaseWord(word) ? java.util.Set.of() : stopWordLanguages(word);
  }

  @Override
  public java.util.Set<String> sharedFunctionWordLanguages(String word) {
    return isLowerCaseWord(word) ? stopWordLanguages(word) : java.util.Set.of();
  }

  private java.util.Set<String> stopWordLanguages(String word) {
    java.util.Set<String> cached = languages.get(word);
    if (cached != null) {
      return cached;
    }
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (Map.Entry<String, java.util.Set<String>> e : stopWords().entrySet()) {
      if (e.getValue().contains(word)) {
        out.add(e.getKey());
      }
    }
    java.util.Set<String> result = java.util.Set.copyOf(out);
    WordNetEntries.put(languages, word, result);
    return result;
  }

  private static volatile Map<String, java.util.Set<String>> stopWords;

  /**
   * Snowball's stop words (as Lucene ships them) of the other supported languages, accents folded like the words
   * they are compared with.
   */
  private static Map<String, java.util.Set<String>> stopWords() {
    Map<String, java.util.Set<String>> m = stopWords;
    if (m == null) {
      Map<String, org.apache.lucene.analysis.CharArraySet> raw = Map.of(
          "de", org.apache.lucene.analysis.de.GermanAnalyzer.getDefaultStopSet(),
          "nl", org.apache.lucene.analysis.nl.DutchAnalyzer.getDefaultStopSet(),
          "es", org.apache.lucene.analysis.es.SpanishAnalyzer.getDefaultStopSet(),
          "pt", org.apache.lucene.analysis.pt.PortugueseAnalyzer.getDefaultStopSet(),
          "fr", org.apache.lucene.analysis.fr.FrenchAnalyzer.getDefaultStopSet());
      Map<String, java.util.Set<String>> folded = new java.util.TreeMap<>();
      raw.forEach((lang, set) -> {
        java.util.Set<String> words = new java.util.HashSet<>();
        for (Object o : set) {
          words.add(NumberWords.key(o instanceof char[] c ? new String(c) : String.valueOf(o)));
        }
        folded.put(lang, java.util.Set.copyOf(words));
      });
      m = Map.copyOf(folded);
      stopWords = m;
    }
    return m;
  }

  @Override
  public List<String> translations(String word, String language) {
    return Bilingual.TABLES.of(word, language);
  }

  @Override
  public List<String> translations(String word, String written, String language) {
    return Bilingual.TABLES.of(word, written, language);
  }

  @Override
  public List<String> translatedLanguages() {
    return Translations.LANGUAGES;
  }

  /** The translation tables, read per language on first use (they do not depend on the dictionary). */
  private static final class Bilingual {
    static final Translations TABLES = new Translations();
  }

  // ---------------------------------------------------------------------------------------------- relations

  @Override
  public WordRelation relate(String a, String b) {
    return relations.relate(a, b);
  }

  @Override
  public boolean synonymsInMostUsedSense(String a, String b) {
    if (WordNetRelations.otherDigits(a.strip(), b.strip())) {
      return false;
    }
    WordEntry ea = entries.entry(a.strip());
    WordEntry eb = entries.entry(b.strip());
    return !java.util.Collections.disjoint(ea.usedMost(), eb.synsets())
        || !java.util.Collections.disjoint(eb.usedMost(), ea.synsets());
  }
}
