package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A fake word knowledge from small tables, for tests that must not depend on WordNet. Thread-safe once built. */
final class TableWordKnowledge implements WordKnowledge {
  private final Map<String, WordRelation> relations = new HashMap<>();
  private final Map<String, Double> numbers = new HashMap<>();
  private final Map<String, Set<String>> functionWords = new HashMap<>();
  private final Set<String> common;
  private final Set<String> persons;
  private final Set<String> past;
  private Set<String> verbs = Set.of();
  private Set<String> mainlyVerbs = Set.of();
  private Set<String> phrases = Set.of();
  private final Map<String, Set<String>> definitions = new HashMap<>();
  private final Map<String, Set<String>> synonyms = new HashMap<>();

  TableWordKnowledge(Set<String> common, Set<String> persons, Set<String> past) {
    this.common = Set.copyOf(common);
    this.persons = Set.copyOf(persons);
    this.past = Set.copyOf(past);
    for (String[] n : new String[][] {{"one", "1"}, {"two", "2"}, {"three", "3"}, {"twenty nine", "29"},
        {"thirty four", "34"}, {"four", "4"}, {"seven", "7"}, {"fifty", "50"}}) {
      numbers.put(n[0], Double.valueOf(n[1]));
    }
    functionWords.put("und", Set.of("de"));
    functionWords.put("ich", Set.of("de"));
    functionWords.put("habe", Set.of("de"));
  }

  @Override
  public boolean isMinusWord(String word, String language) {
    return word.equals("minus") && language.equals("en");
  }

  /** {@code word} is a function word of {@code language} (beside the German ones every table has). */
  TableWordKnowledge functionWord(String word, String language) {
    functionWords.put(word, Set.of(language));
    return this;
  }

  /** These words can be verbs (nothing else is). */
  TableWordKnowledge verbs(String... words) {
    verbs = Set.of(words);
    return this;
  }

  /** These words are used mostly as verbs (nothing else is). */
  TableWordKnowledge mainlyVerbs(String... words) {
    mainlyVerbs = Set.of(words);
    return this;
  }

  /** These phrases are listed (their lemma is themselves). */
  TableWordKnowledge phrases(String... listed) {
    phrases = Set.of(listed);
    return this;
  }

  @Override
  public java.util.List<String> lemmas(String word) {
    return phrases.contains(word) ? java.util.List.of(word) : java.util.List.of();
  }

  /** A word's (or phrase's) synonyms, as the synsets of its senses in use list them. */
  TableWordKnowledge synonyms(String word, String... others) {
    synonyms.put(word, Set.of(others));
    return this;
  }

  @Override
  public Set<String> synonyms(String word) {
    return synonyms.getOrDefault(word, Set.of());
  }

  /** A word's definition, as the words of its gloss. */
  TableWordKnowledge define(String word, String gloss) {
    definitions.put(word, Set.copyOf(java.util.List.of(gloss.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}]+"))));
    return this;
  }

  @Override
  public Set<String> definitionWords(String word) {
    return definitions.getOrDefault(word, Set.of());
  }

  TableWordKnowledge relate(String a, String b, WordRelation.Kind kind) {
    WordRelation r = new WordRelation(kind, "table: " + kind, kind.isEquivalent() ? 1 : 0.5);
    relations.put(a + "|" + b, r);
    relations.put(b + "|" + a, r);
    return this;
  }

  @Override
  public String source() {
    return "table";
  }

  @Override
  public WordRelation relate(String a, String b) {
    if (a.equals(b)) {
      return new WordRelation(WordRelation.Kind.SAME, "the same word");
    }
    return relations.getOrDefault(a + "|" + b,
        common.contains(a) && common.contains(b) ? new WordRelation(WordRelation.Kind.UNRELATED, "") : WordRelation.UNKNOWN);
  }

  @Override
  public Optional<Double> numberValue(String phrase) {
    return Optional.ofNullable(numbers.get(phrase.replace('-', ' ')));
  }

  @Override
  public Set<String> functionWordLanguages(String word) {
    return functionWords.getOrDefault(word, Set.of());
  }

  @Override
  public boolean isCommonWord(String word) {
    return common.contains(word);
  }

  @Override
  public boolean isPersonNoun(String word) {
    return persons.contains(word);
  }

  @Override
  public boolean isVerb(String word) {
    return verbs.contains(word);
  }

  @Override
  public boolean isMainlyVerb(String word) {
    return mainlyVerbs.contains(word);
  }

  @Override
  public boolean isPastTense(String word) {
    return past.contains(word);
  }
}
