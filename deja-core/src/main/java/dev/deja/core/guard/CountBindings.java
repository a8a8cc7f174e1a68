package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each count counts: "I have two cats and a dog" binds 2 to "cat" and 1 to "dog", "two dogs and a cat" the other
 * way round — the same numbers, another fact, which a comparison of the numbers alone cannot see. A count is a number
 * ({@link NumberReadings#wordNumber}: one or two digits, or a number word, up to 24 — larger numbers are amounts, years
 * or codes; not the last word of a larger number, "five" in "twenty five days") or "a" / "an" / "one" right before a
 * word that is no number word, which is the word counted, compared by its base form ("cats" = "cat"). Only texts that
 * count two or more words are compared, and a difference counts when one of the two counts is a number ("two sheep
 * and a deer" / "two deer and a sheep"), not when both are articles; a word one text counts twice, differently, is a
 * range or a size and is not compared.
 *
 * <p>Thread-safe: stateless.
 */
final class CountBindings {
  private CountBindings() {}

  /**
   * The first word both texts count differently, with the counts, when at least one of the two counts is a number
   * (not both "a"): "[cat] 2 vs 1"; null when none.
   */
  static String differ(List<String> a, List<String> b, Lexicon lex, WordKnowledge knowledge) {
    Map<String, int[]> ca = bindings(a, lex, knowledge);
    if (ca.size() < 2) {
      return null;
    }
    Map<String, int[]> cb = bindings(b, lex, knowledge);
    if (cb.size() < 2) {
      return null;
    }
    for (Map.Entry<String, int[]> e : ca.entrySet()) {
      int[] y = cb.get(e.getKey());
      int[] x = e.getValue();
      if (y != null && x[0] != y[0] && (x[1] > 0 || y[1] > 0)) {
        return "[" + e.getKey() + "] " + x[0] + " vs " + y[0];
      }
    }
    return null;
  }

  /** Each counted word's base form, with its count and whether the count was a number (1) or an article (0). */
  private static Map<String, int[]> bindings(List<String> words, Lexicon lex, WordKnowledge knowledge) {
    Map<String, int[]> out = new LinkedHashMap<>();
    // A word counted twice, differently, is a range or a size ("three percent to five percent", "12-inch-by-18-inch"),
    // not one count.
    java.util.Set<String> ambiguous = new java.util.HashSet<>();
    for (int i = 0; i < words.size() - 1; i++) {
      String w = words.get(i);
      int n;
      boolean number;
      if (w.equals("a") || w.equals("an")) {
        n = 1;
        number = false;
      } else {
        Integer v = NumberReadings.wordNumber(w, lex);
        // "five" in "twenty five days" is the end of a larger number (25), not a count of its own.
        if (v == null || i > 0 && numberWord(words.get(i - 1), lex)) {
          continue;
        }
        n = v;
        number = true;
      }
      String counted = counted(words, i + 1, lex, knowledge);
      if (counted != null) {
        int[] before = out.putIfAbsent(counted, new int[] {n, number ? 1 : 0});
        if (before != null && before[0] != n) {
          ambiguous.add(counted);
        }
      }
    }
    out.keySet().removeAll(ambiguous);
    return out;
  }

  /** Whether a word is a number: digits, "one", or any number word or multiplier of the lexicon ("twenty"). */
  private static boolean numberWord(String w, Lexicon lex) {
    return !w.isEmpty() && w.chars().allMatch(Character::isDigit) || w.equals("one")
        || lex.numberWords().containsKey(w) || lex.multipliers().containsKey(w);
  }

  /** The base form of the word counted at position {@code k}: the next word, unless a function word or a number. */
  private static String counted(List<String> words, int k, Lexicon lex, WordKnowledge knowledge) {
    String w = words.get(k);
    if (lex.functionWords().contains(w) || numberWord(w, lex) || !w.chars().allMatch(Character::isLetter)) {
      return null;
    }
    List<String> lemmas = knowledge.lemmas(w);
    return lemmas.isEmpty() ? w : lemmas.get(0);
  }
}
