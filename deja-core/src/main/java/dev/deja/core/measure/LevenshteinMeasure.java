package dev.deja.core.measure;

/**
 * Normalised Levenshtein similarity: {@code 1 - d / max(|a|, |b|)}, where d is the edit distance (insertions,
 * deletions, substitutions, each costing 1) between the code-point sequences; 1.0 for two empty strings.
 *
 * <table>
 *   <caption>Known values</caption>
 *   <tr><th>a</th><th>b</th><th>similarity</th></tr>
 *   <tr><td>"kitten"</td><td>"sitting"</td><td>0.571428… (1 - 3/7)</td></tr>
 *   <tr><td>"bezwaarschift"</td><td>"bezwaarschrift"</td><td>0.928571… (1 - 1/14)</td></tr>
 *   <tr><td>"abc"</td><td>""</td><td>0.0</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless.
 */
public final class LevenshteinMeasure implements Measure {

  public static final LevenshteinMeasure INSTANCE = new LevenshteinMeasure();

  @Override
  public double similarity(String a, String b) {
    if (a.equals(b)) {
      return 1.0;
    }
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    int longest = Math.max(x.length, y.length);
    return 1.0 - (double) distance(x, y) / longest;
  }

  /** The Levenshtein edit distance between two code-point sequences. */
  public static int distance(int[] x, int[] y) {
    if (x.length < y.length) {
      int[] t = x;
      x = y;
      y = t;
    }
    int[] prev = new int[y.length + 1];
    int[] cur = new int[y.length + 1];
    for (int j = 0; j <= y.length; j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= x.length; i++) {
      cur[0] = i;
      for (int j = 1; j <= y.length; j++) {
        int cost = x[i - 1] == y[j - 1] ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[y.length];
  }
}
