package dev.deja.core.measure;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Word-set Jaccard as in the glossary design: both texts are lower-cased and split on white space, and the score is
 * {@code |A ∩ B| / |A ∪ B|} of the two word sets; 1.0 when the texts are equal ignoring case.
 *
 * <p>Word order and repeated words do not matter; punctuation is part of a word unless an analyzer removed it first
 * (stages apply the field's analyzer, {@code standard} by default, which does).
 *
 * <table>
 *   <caption>Known values</caption>
 *   <tr><th>a</th><th>b</th><th>similarity</th></tr>
 *   <tr><td>"onderhoud en beheer"</td><td>"beheer en onderhoud"</td><td>1.0</td></tr>
 *   <tr><td>"zwakke authenticatie"</td><td>"sterke authenticatie"</td><td>1/3</td></tr>
 *   <tr><td>"Machtiging"</td><td>"machtiging"</td><td>1.0</td></tr>
 *   <tr><td>"a b c d"</td><td>"a b c"</td><td>0.75</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless.
 */
public final class JaccardMeasure implements Measure {

  public static final JaccardMeasure INSTANCE = new JaccardMeasure();

  @Override
  public double similarity(String a, String b) {
    String la = a.toLowerCase(Locale.ROOT);
    String lb = b.toLowerCase(Locale.ROOT);
    if (la.equals(lb)) {
      return 1.0;
    }
    Set<String> wa = words(la);
    Set<String> wb = words(lb);
    if (wa.isEmpty() || wb.isEmpty()) {
      return wa.equals(wb) ? 1.0 : 0.0;
    }
    int intersection = 0;
    for (String w : wa) {
      if (wb.contains(w)) {
        intersection++;
      }
    }
    int union = wa.size() + wb.size() - intersection;
    return (double) intersection / union;
  }

  private static Set<String> words(String s) {
    Set<String> out = new HashSet<>();
    for (String w : s.strip().split("\\s+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }
}
