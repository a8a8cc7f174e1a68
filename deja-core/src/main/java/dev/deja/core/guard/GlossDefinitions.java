package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Words that one text spells out by another text's dictionary definitions (WordNet glosses): the {@code defined}
 * signal of {@link PairSignals}. A leftover word of one text is spelled out when at least {@value #MIN_DEFINING} words
 * of its definition are in the other text ("vegetarian": "… someone who eats no meat …" / "doesn't eat meat").
 * Definitions are read once per word and knowledge and cached (cleared when the cache holds {@value
 * TextProfile#CACHE_LIMIT} words).
 *
 * <p>Thread-safe: stateless but for that cache, a concurrent map.
 */
final class GlossDefinitions {
  private GlossDefinitions() {}

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
}
