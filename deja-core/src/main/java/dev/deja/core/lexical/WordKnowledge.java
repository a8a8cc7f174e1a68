package dev.deja.core.lexical;

import java.util.List;
import java.util.Optional;

/**
 * Lexical knowledge from a real resource — a wordnet, number spell-out rules, bilingual glossaries — that guards and
 * the pair classifier use to tell a rewording (synonyms, spelling variants, numbers as words) from a change (another
 * thing of the same kind, an opposite).
 *
 * <p>Words are lower-case. Deja's core ships only {@link #none()}; the {@code deja-lexicon} module registers one built
 * on WordNet 3.1 and ICU as a service ({@code META-INF/services/dev.deja.core.lexical.WordKnowledge}), found by
 * {@link WordKnowledges#defaults()}. Implementations are thread-safe.
 */
public interface WordKnowledge {

  /** What the knowledge comes from, for explanations ({@code "WordNet 3.1"}). */
  String source();

  /** How two lower-case words or phrases relate; {@link WordRelation#UNKNOWN} when the resource cannot tell. */
  WordRelation relate(String a, String b);

  /**
   * Whether two lower-case words or phrases are synonyms in the most used sense of one of them — a stricter reading
   * than {@link #relate}'s {@code SAME}, which also accepts a less frequent sense of both: "keep" / "hold" (keep's
   * commonest verb sense is to hold), not "kale" / "lettuce" (which share only a slang sense, money). For telling a
   * word said otherwise from another item of the same kind. False when the resource cannot tell.
   */
  default boolean synonymsInMostUsedSense(String a, String b) {
    return false;
  }

  /**
   * The dictionary base forms of a lower-case word ("kiwis" → [kiwi], "ran" → [run]); the word itself when it is a
   * base form; empty when the resource does not know it.
   */
  default List<String> lemmas(String word) {
    return List.of();
  }

  /**
   * The value of a number written in words in one of the supported languages ("thirty-four", "vierunddreißig",
   * "trinta e quatro" → 34), or empty when the phrase is not exactly one number.
   */
  default Optional<Double> numberValue(String phrase) {
    return Optional.empty();
  }

  /**
   * The value of a number word as a text in {@code language} (an ISO 639-1 code) reads it: as {@link
   * #numberValue(String)}, and also the spellings of that language that are English words too, which the
   * language-neutral reading leaves out ("once" is 11 in Spanish, "elf" 11 in German and Dutch).
   */
  default Optional<Double> numberValue(String phrase, String language) {
    return numberValue(phrase);
  }

  /**
   * Whether a lower-case word is read as the sign of the number after it in a text of {@code language} ("minus 5",
   * "minus five"); false when the resource does not know.
   */
  default boolean isMinusWord(String word, String language) {
    return false;
  }

  /**
   * The month a lower-case word names in a text of {@code language} (an ISO 639-1 code), 1–12, or 0 for none: the
   * month's name or its abbreviation in that language or in English ("march", "mar", "sept"). By default English
   * only.
   */
  default int month(String word, String language) {
    return EnglishMonths.month(word);
  }

  /**
   * The unit of measurement a lower-case word or phrase names in a text of {@code language} or in English ("km",
   * "kilometres", "degrees celsius", "Pfund"), or empty; by default none.
   */
  default Optional<Unit> unit(String phrase, String language) {
    return Optional.empty();
  }

  /**
   * The value of a number word as a part of a compound ("een" in "eenfactorauthenticatie", "drie" in "driehoek"),
   * the words for one included (in running text they are left out: they are articles too); empty when the part is not
   * exactly one number word.
   */
  default Optional<Double> compoundNumberValue(String part) {
    return numberValue(part);
  }

  /**
   * Whether a lower-case word is a common word of the language (written in lower case in the resource: "soccer",
   * "elf"), as opposed to a name ("lucas", "delft") or an unknown word; false when the resource does not know.
   */
  default boolean isCommonWord(String word) {
    return false;
  }

  /**
   * The words, lower case, of the definitions of a word's most frequent sense in each part of speech ("decade" → a, period, of, 10, years;
   * "vegetarian" → eater, of, fruits, … no, meat): a rewording often says in words what the other text names
   * ("a decade" / "ten years", "I'm vegetarian" / "I don't eat meat"). Empty when the resource has no definitions or
   * does not know the word.
   */
  default java.util.Set<String> definitionWords(String word) {
    return java.util.Set.of();
  }

  /**
   * Whether a lower-case, accent-folded word is a first name of people ("ollie", "keisha", "lucia"; also names that are
   * words or places, such as "ruby" or "lincoln": whether a text uses it as a name is the caller's to tell); false
   * when the resource does not know.
   */
  default boolean isGivenName(String word) {
    return false;
  }

  /**
   * Whether a lower-case word names a kind of person in its most frequent sense ("grandpa", "dentist", "neighbour");
   * false when the resource does not know.
   */
  default boolean isPersonNoun(String word) {
    return false;
  }

  /**
   * Whether a lower-case word can be a verb, in its base form or inflected ("owes", "visits", "lent"); false when
   * the resource does not know.
   */
  default boolean isVerb(String word) {
    return false;
  }

  /**
   * Whether a lower-case word is used as a verb more than as anything else ("wear", "doing", "sits"; not "cat" or
   * "number", which are verbs too but mostly nouns): the resource's tagged uses decide; false when it does not know.
   */
  default boolean isMainlyVerb(String word) {
    return false;
  }

  /**
   * The other words of a lower-case word's synsets, in the senses the resource counts as in use ("physical therapy"
   * → physiotherapy, physiatrics); empty when it does not know.
   */
  default java.util.Set<String> synonyms(String word) {
    return java.util.Set.of();
  }

  /**
   * Whether a lower-case word is a past-tense verb form ("went", "worked", "was"); false when the resource does not
   * know. Participles in "-ing" and third-person forms are not past.
   */
  default boolean isPastTense(String word) {
    return false;
  }

  /**
   * The languages whose function word this lower-case word is ("und" → [de], "het" → [nl], "de" → [es, fr, nl,
   * pt]), when it is not also an English word; empty for English and unknown words.
   */
  default java.util.Set<String> functionWordLanguages(String word) {
    return java.util.Set.of();
  }

  /**
   * The languages whose function word this lower-case word is although it is also an English word ("y" → [es], "mis"
   * → [es], "die" → [de, nl]): by itself it tells nothing, next to an unambiguous one it confirms; empty otherwise.
   */
  default java.util.Set<String> sharedFunctionWordLanguages(String word) {
    return java.util.Set.of();
  }

  /**
   * English translations of a lower-case, accent-folded word of another language ("zahnarzt", "de" → [dentist]), best
   * first; empty when the resource has none (or no table for the language). Used to read texts in other languages
   * against English ones ({@link dev.deja.core.guard.Glosses}).
   */
  default java.util.List<String> translations(String word, String language) {
    return java.util.List.of();
  }

  /**
   * English translations of a word of another language, given both accent-folded ({@code word}) and as written in
   * lower case ({@code written}, accents kept: an inflected form is found by its dictionary form, "habitent" →
   * "habiter" → [dwell, live], and a language's inflections are spelled with accents); by default the translations
   * of the folded word ({@link #translations(String, String)}).
   */
  default java.util.List<String> translations(String word, String written, String language) {
    return translations(word, language);
  }

  /** The languages {@link #translations} knows, in the order ties between them are broken; empty by default. */
  default java.util.List<String> translatedLanguages() {
    return java.util.List.of();
  }

  /** Knowledge that knows nothing: every relation is unknown. */
  static WordKnowledge none() {
    return NoWordKnowledge.INSTANCE;
  }
}
