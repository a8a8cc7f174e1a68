package dev.deja.core.guard;

import dev.deja.core.guard.WordAlignment.Pair;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.util.List;

/**
 * The shortened-word pass of a {@link WordAlignment}: a word the knowledge does not know, matched to the dictionary
 * word of the other text it shortens. Two ways of shortening a word are read, as English forms them:
 *
 * <ul>
 *   <li>a clipping keeps the start of the word: "physio" / "physiotherapist", "uni" / "university", "ortho" /
 *       "orthodontist", "conf" / "conference" (at least three letters);
 *   <li>a contraction keeps its first and last letters and consonants between them, in order: "appt" / "appointment",
 *       "mtg" / "meeting", "dept" / "department", "bldg" / "building" (at least three letters).
 * </ul>
 *
 * <p>A clipping may also shorten a synonym of the other text's word, as the knowledge lists them: "physio" /
 * "physical therapy" (physiotherapy).
 *
 * <p>The short word must be unknown to the knowledge — not a common word, a dictionary form or a first name — so
 * that a word in its own right is never read as part of a longer one ("week" / "weekend", "father" / "father-in-law",
 * "bed" / "bedtime"); the long word must be a common word. Thread-safe: stateless.
 */
final class Clippings {
  private Clippings() {}

  /** The fewest letters of a shortened word ("uni", "mtg"). */
  private static final int MIN_LETTERS = 3;

  /**
   * Matches each unknown left-over word of {@code content} to the first left-over common word of {@code
   * otherContent} it shortens. {@code swapped}: {@code content} is the second text of the pair.
   */
  static void match(List<String> content, boolean[] used, List<String> otherContent, boolean[] otherUsed,
      List<Pair> matched, WordKnowledge knowledge, boolean swapped) {
    for (int i = 0; i < content.size(); i++) {
      String s = content.get(i);
      if (used[i] || s.length() < MIN_LETTERS || !s.chars().allMatch(Character::isLetter)) {
        continue;
      }
      // The letters are compared first and the dictionary asked only about a word they pair: most pairs of a check
      // have no such word, and each look-up costs more than the comparison.
      boolean paired = false;
      for (int j = 0; j < otherContent.size(); j++) {
        String w = otherContent.get(j);
        if (otherUsed[j] || w.length() <= s.length()) {
          continue;
        }
        String how = how(s, w);
        if (how == null || !knowledge.isCommonWord(w)) {
          continue;
        }
        paired = true;
        if (!known(s, knowledge)) {
          used[i] = true;
          otherUsed[j] = true;
          WordRelation r = new WordRelation(WordRelation.Kind.SAME, how + " of '" + w + "'");
          matched.add(swapped ? new Pair(w, s, r) : new Pair(s, w, r));
        }
        break;
      }
      if (!paired && !known(s, knowledge)) {
        matchSynonym(s, i, used, otherContent, otherUsed, matched, knowledge, swapped);
      }
    }
  }

  /**
   * Matches an unknown word to a left-over word, or two neighbouring left-over words, of the other text one of whose
   * synonyms it clips: "physio" / "physical therapy" (WordNet: physiotherapy). The other word must be longer than the
   * unknown one, as a word spelled out is ("app" is no clipping of "use"'s synonym "apply").
   */
  private static void matchSynonym(String s, int i, boolean[] used, List<String> otherContent, boolean[] otherUsed,
      List<Pair> matched, WordKnowledge knowledge, boolean swapped) {
    for (int j = 0; j < otherContent.size(); j++) {
      if (otherUsed[j]) {
        continue;
      }
      boolean phrase = j + 1 < otherContent.size() && !otherUsed[j + 1];
      for (int n = phrase ? 2 : 1; n >= 1; n--) {
        String w = n == 2 ? otherContent.get(j) + " " + otherContent.get(j + 1) : otherContent.get(j);
        if (w.length() <= s.length()) {
          continue;
        }
        for (String synonym : knowledge.synonyms(w)) {
          // Only a clipping: the consonants of a contraction fit too many of a word's synonyms ("lys" / "lyons").
          if (synonym.length() > s.length() && synonym.startsWith(s) && synonym.indexOf(' ') < 0) {
            used[i] = true;
            for (int k = j; k < j + n; k++) {
              otherUsed[k] = true;
            }
            WordRelation r = new WordRelation(WordRelation.Kind.SAME, "clipped form of '" + synonym
                + "', a synonym of '" + w + "'");
            matched.add(swapped ? new Pair(w, s, r) : new Pair(s, w, r));
            return;
          }
        }
      }
    }
  }

  /** How {@code s} shortens the longer {@code w}: "clipped form", "contraction", or null when it does not. */
  private static String how(String s, String w) {
    return w.startsWith(s) ? "clipped form" : contraction(s, w) ? "contraction" : null;
  }

  private static boolean known(String word, WordKnowledge knowledge) {
    return knowledge.isCommonWord(word) || !knowledge.lemmas(word).isEmpty() || knowledge.isGivenName(word);
  }

  /** Whether {@code s} keeps the first and last letters of {@code w} and only consonants of it between, in order. */
  static boolean contraction(String s, String w) {
    if (s.charAt(0) != w.charAt(0) || s.charAt(s.length() - 1) != w.charAt(w.length() - 1)) {
      return false;
    }
    int k = 1;
    for (int c = 1; c < s.length() - 1; c++) {
      char ch = s.charAt(c);
      if ("aeiou".indexOf(ch) >= 0) {
        return false;
      }
      k = w.indexOf(ch, k);
      if (k < 0 || k >= w.length() - 1) {
        return false;
      }
      k++;
    }
    return true;
  }
}
