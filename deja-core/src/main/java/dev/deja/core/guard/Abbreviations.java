package dev.deja.core.guard;

import dev.deja.core.guard.WordAlignment.Pair;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.util.ArrayList;
import java.util.List;

/**
 * The abbreviation pass of a {@link WordAlignment}: an abbreviation of one text matched to the words of the other that
 * it spells out.
 *
 * <p>Thread-safe: stateless.
 */
final class Abbreviations {
  private Abbreviations() {}

  /**
   * Matches an abbreviation of {@code text} (a content word) to the words of the other text it spells out ("WFH" /
   * "work from home", "NHS" / "National Health Service", "UW" / "University of Washington"): the initials of
   * consecutive words of the other text, function words among them or skipped between two spelling words, at least one
   * of them a free content word. {@code swapped}: {@code text} is the second text of the pair.
   */
  static void match(String text, List<String> content, boolean[] used, List<String> words,
      List<String> otherContent, boolean[] otherUsed, List<Pair> matched, WordKnowledge knowledge, boolean swapped) {
    if (content.isEmpty() || words.isEmpty()) {
      return;
    }
    List<String> abbreviations = NameReadings.acronyms(text);
    if (abbreviations.isEmpty()) {
      return;
    }
    for (String abbr : abbreviations) {
      int i = content.indexOf(abbr);
      if (i < 0 || used[i]) {
        continue;
      }
      for (int start = 0; start + abbr.length() <= words.size(); start++) {
        int[] end = new int[1];
        List<String> run = new ArrayList<>();
        if (!spell(abbr, 0, words, start, end, run, knowledge)) {
          continue;
        }
        List<Integer> hits = new ArrayList<>();
        for (String w : run) {
          int j = indexOfFree(otherContent, otherUsed, w, hits);
          if (j >= 0) {
            hits.add(j);
          }
        }
        if (hits.isEmpty()) {
          continue;
        }
        used[i] = true;
        hits.forEach(j -> otherUsed[j] = true);
        String phrase = String.join(" ", words.subList(start, end[0]));
        WordRelation r = new WordRelation(WordRelation.Kind.SAME, "abbreviation of '" + phrase + "'");
        matched.add(swapped ? new Pair(phrase, abbr, r) : new Pair(abbr, phrase, r));
        break;
      }
    }
  }

  private static int indexOfFree(List<String> content, boolean[] used, String w, List<Integer> taken) {
    for (int j = 0; j < content.size(); j++) {
      if (!used[j] && !taken.contains(j) && content.get(j).equals(w)) {
        return j;
      }
    }
    return -1;
  }

  /**
   * Whether the words from {@code i} spell the abbreviation from its {@code k}-th letter with their initials (a digit
   * stands for a word with that value), skipping function words between two spelling words: "University of
   * Washington" spells UW, "Department of Motor Vehicles" DMV. The spelling words are added to {@code run}; {@code
   * end} receives the index after the last.
   */
  private static boolean spell(String abbr, int k, List<String> words, int i, int[] end, List<String> run,
      WordKnowledge knowledge) {
    if (k == abbr.length()) {
      end[0] = i;
      return true;
    }
    if (i >= words.size()) {
      return false;
    }
    String w = words.get(i);
    if (initial(abbr.charAt(k), w, knowledge)) {
      run.add(w);
      if (spell(abbr, k + 1, words, i + 1, end, run, knowledge)) {
        return true;
      }
      run.remove(run.size() - 1);
    }
    return k > 0 && functionWord(w, knowledge) && spell(abbr, k, words, i + 1, end, run, knowledge);
  }

  private static boolean initial(char c, String w, WordKnowledge knowledge) {
    if (Character.isDigit(c)) {
      return w.equals(String.valueOf(c)) || knowledge.numberValue(w).map(v -> v == c - '0').orElse(false);
    }
    return !w.isEmpty() && w.charAt(0) == c;
  }

  private static boolean functionWord(String w, WordKnowledge knowledge) {
    return Lexicon.ENGLISH.functionWords().contains(w) || !knowledge.functionWordLanguages(w).isEmpty()
        || !knowledge.sharedFunctionWordLanguages(w).isEmpty();
  }
}
