package dev.deja.core.measure;

import java.util.HashSet;
import java.util.Set;

/**
 * Character-trigram similarity as PostgreSQL's {@code pg_trgm} {@code similarity()} computes it: each word (a run of
 * letters and digits, lower-cased character by character) is padded with two spaces in front and one behind, its
 * trigrams are collected into one set per text, and the score is {@code |A ∩ B| / |A ∪ B|} (pg_trgm rounds it to a
 * float; this measure keeps the double).
 *
 * <p>Robust to typos, word order and compounds split or joined ("verificatie proces" vs "verificatieproces" share
 * most trigrams). Where pg_trgm returns 0 for texts without any letter or digit, this measure returns 1.0 when the two
 * texts are equal (so that {@code similarity(x, x) == 1} holds) and 0 otherwise.
 *
 * <table>
 *   <caption>Known values (checked against pg_trgm)</caption>
 *   <tr><th>a</th><th>b</th><th>similarity</th></tr>
 *   <tr><td>"word"</td><td>"two words"</td><td>0.363636… (4/11)</td></tr>
 *   <tr><td>"abc"</td><td>"abc"</td><td>1.0</td></tr>
 *   <tr><td>"abc"</td><td>"xyz"</td><td>0.0</td></tr>
 *   <tr><td>"İstanbul"</td><td>"istanbul"</td><td>1.0</td></tr>
 *   <tr><td>"ΟΔΟΣ"</td><td>"οδος"</td><td>0.428571… (3/7: "σ" is not "ς")</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless.
 */
public final class TrigramMeasure implements Measure {

  public static final TrigramMeasure INSTANCE = new TrigramMeasure();

  @Override
  public double similarity(String a, String b) {
    Set<String> ta = trigrams(a);
    Set<String> tb = trigrams(b);
    if (ta.isEmpty() || tb.isEmpty()) {
      return ta.isEmpty() && tb.isEmpty() && a.equals(b) ? 1.0 : 0.0;
    }
    int intersection = 0;
    for (String t : ta) {
      if (tb.contains(t)) {
        intersection++;
      }
    }
    return (double) intersection / (ta.size() + tb.size() - intersection);
  }

  /** The pg_trgm trigram set of a text. */
  public static Set<String> trigrams(String text) {
    Set<String> out = new HashSet<>();
    StringBuilder word = new StringBuilder();
    int[] cps = CodePoints.of(text);
    for (int i = 0; i <= cps.length; i++) {
      if (i < cps.length && Character.isLetterOrDigit(cps[i])) {
        // Words are found in the text as written, then lower-cased one character at a time, as pg_trgm does (with
        // towlower). String.toLowerCase would differ: "İ" would become "i" + U+0307, which splits the word, and a
        // final "Σ" would become "ς" where PostgreSQL gives "σ".
        word.appendCodePoint(Character.toLowerCase(cps[i]));
      } else if (word.length() > 0) {
        addWordTrigrams(word.toString(), out);
        word.setLength(0);
      }
    }
    return out;
  }

  private static void addWordTrigrams(String word, Set<String> out) {
    int[] padded = ("  " + word + " ").codePoints().toArray();
    for (int i = 0; i + 3 <= padded.length; i++) {
      out.add(new String(padded, i, 3));
    }
  }
}
